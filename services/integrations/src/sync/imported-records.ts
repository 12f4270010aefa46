import type { ImportedContact, ImportedEvent, ImportedTask } from '@sixa/contracts';
import { DEFAULT_FIELD_MAPPINGS } from '../connections/field-mappings';

/** Data types the product brings in: contacts become crm leads, tasks work tasks, events calendar events. */
export const IMPORTED_TYPES = ['contacts', 'tasks', 'events'] as const;
export type ImportedType = (typeof IMPORTED_TYPES)[number];
export const isImportedType = (type: string): type is ImportedType =>
  (IMPORTED_TYPES as readonly string[]).includes(type);

/** `{{field}}` of a provider record (missing: empty), trimmed. */
export function mapped(template: string, record: Record<string, unknown>): string {
  return template
    .replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, k: string) => {
      const v = k
        .split('.')
        .reduce<unknown>(
          (o, p) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[p] : undefined),
          record,
        );
      return v === undefined || v === null ? '' : String(v);
    })
    .replace(/\s+/g, ' ')
    .trim();
}

export function toTask(record: Record<string, unknown>, mappings: Record<string, string>): ImportedTask {
  const m = { ...DEFAULT_FIELD_MAPPINGS, ...mappings };
  return {
    external_id: String(record.id ?? ''),
    title: mapped(m['tasks.title'], record),
    description: mapped(m['tasks.description'], record),
    priority: mapped(m['tasks.priority'], record).toLowerCase(),
    due_date: mapped(m['tasks.due_date'], record) || null,
    assigned_to: mapped(m['tasks.assigned_to'], record),
    updated_at: changedAt(record),
  };
}

export function toEvent(record: Record<string, unknown>, mappings: Record<string, string>): ImportedEvent {
  const m = { ...DEFAULT_FIELD_MAPPINGS, ...mappings };
  return {
    external_id: String(record.id ?? ''),
    title: mapped(m['events.title'], record),
    description: mapped(m['events.description'], record),
    start_time: mapped(m['events.start_time'], record),
    end_time: mapped(m['events.end_time'], record),
    location: mapped(m['events.location'], record),
    attendees: Array.isArray(record.attendees)
      ? record.attendees.filter((a): a is string => typeof a === 'string')
      : [],
    updated_at: changedAt(record),
  };
}

/** The record's `updated_at` (what incremental syncs page on), when it is a time. */
function changedAt(record: Record<string, unknown>): string | null {
  const at = record.updated_at;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : null;
}

export function toContact(record: Record<string, unknown>, mappings: Record<string, string>): ImportedContact {
  const m = { ...DEFAULT_FIELD_MAPPINGS, ...mappings };
  return {
    external_id: String(record.id ?? ''),
    name: mapped(m['contacts.name'], record),
    email: mapped(m['contacts.email'], record).toLowerCase(),
    company: mapped(m['contacts.company'], record),
    phone: mapped(m['contacts.phone'], record),
    source: mapped(m['contacts.source'], record),
    notes: mapped(m['contacts.notes'], record),
    updated_at: changedAt(record),
  };
}

/** A page of provider records as the product takes them in, discriminated by their data type. */
export type ImportedPage =
  | { data_type: 'contacts'; records: ImportedContact[] }
  | { data_type: 'tasks'; records: ImportedTask[] }
  | { data_type: 'events'; records: ImportedEvent[] };

/** The provider's records of one page, mapped with the connection's field mappings. */
export function importedPage(
  dataType: ImportedType,
  records: Record<string, unknown>[],
  mappings: Record<string, string>,
): ImportedPage {
  switch (dataType) {
    case 'contacts':
      return { data_type: dataType, records: records.map((r) => toContact(r, mappings)) };
    case 'tasks':
      return { data_type: dataType, records: records.map((r) => toTask(r, mappings)) };
    case 'events':
      return { data_type: dataType, records: records.map((r) => toEvent(r, mappings)) };
  }
}
