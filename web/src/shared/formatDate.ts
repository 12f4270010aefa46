const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | null | undefined, empty = '—'): string {
  const date = parse(value);
  return date ? dateFormat.format(date) : empty;
}

export function formatDateTime(value: string | null | undefined, empty = '—'): string {
  const date = parse(value);
  return date ? dateTimeFormat.format(date) : empty;
}
