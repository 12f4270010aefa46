import { CreateLeadDto, type Lead } from '@sixa/contracts';
import { validationDetail } from '@sixa/observability';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

export const CSV_COLUMNS = ['name', 'email', 'company', 'phone', 'source', 'notes'] as const;
export const MAX_IMPORT_ROWS = 5000;

/** RFC 4180: commas, quoted fields with "" escapes and line breaks inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

const cell = (v: string) => {
  // A cell starting with =, @, or + / - before something other than a number runs as a formula
  // in a spreadsheet: prefix it. Phone numbers such as "+1 555" stay as they are.
  const safe = /^[=@\t\r]|^[+-](?![\d\s(])/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function toCsv(leads: Lead[]): string {
  const header = [...CSV_COLUMNS, 'status', 'score', 'label', 'created_at'];
  const lines = leads.map((l) =>
    [l.name, l.email, l.company, l.phone, l.source, l.notes, l.status, String(l.score), l.label, l.created_at]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

export interface RowProblem {
  row: number;
  reason: string;
}

/** Checks every row; the caller imports only when none is rejected. Row numbers count the header as 1. */
export async function validateRows(rows: string[][]): Promise<{ dtos: CreateLeadDto[]; rejected: RowProblem[] }> {
  const rejected: RowProblem[] = [];
  const [header, ...data] = rows;
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  const missing = ['name', 'email', 'company', 'source'].filter((c) => !names.includes(c));
  if (missing.length) return { dtos: [], rejected: [{ row: 1, reason: `header is missing: ${missing.join(', ')}` }] };
  if (data.length === 0) return { dtos: [], rejected: [{ row: 1, reason: 'the file has no rows below the header' }] };
  if (data.length > MAX_IMPORT_ROWS)
    return { dtos: [], rejected: [{ row: 1, reason: `at most ${MAX_IMPORT_ROWS} rows per import` }] };
  const dtos: CreateLeadDto[] = [];
  const seen = new Map<string, number>();
  for (const [i, values] of data.entries()) {
    const rowNo = i + 2;
    const plain: Record<string, string> = {};
    names.forEach((n, j) => {
      if ((CSV_COLUMNS as readonly string[]).includes(n)) plain[n] = (values[j] ?? '').trim();
    });
    for (const k of ['phone', 'notes']) if (plain[k] === '') delete plain[k];
    const dto = plainToInstance(CreateLeadDto, plain);
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length) {
      rejected.push({ row: rowNo, reason: validationDetail(errors).join('; ') });
      continue;
    }
    const email = dto.email.toLowerCase();
    if (seen.has(email)) rejected.push({ row: rowNo, reason: `email ${email} repeats row ${seen.get(email)}` });
    else seen.set(email, rowNo);
    dtos.push(dto);
  }
  return { dtos, rejected };
}
