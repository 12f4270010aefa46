/** The default field mappings: the product's lead fields from the provider's contact fields. */
export const DEFAULT_FIELD_MAPPINGS: Record<string, string> = {
  'contacts.name': '{{first_name}} {{last_name}}',
  'contacts.email': '{{email}}',
  'contacts.company': '{{company}}',
  'contacts.phone': '{{phone}}',
  'contacts.source': '{{lead_source}}',
  'contacts.notes': '{{title}}',
  'tasks.title': '{{subject}}',
  'tasks.description': '{{description}}',
  'tasks.priority': '{{priority}}',
  'tasks.due_date': '{{due_date}}',
  'tasks.assigned_to': '{{owner}}',
  'events.title': '{{subject}}',
  'events.description': '{{description}}',
  'events.start_time': '{{start}}',
  'events.end_time': '{{end}}',
  'events.location': '{{location}}',
};

/** Field mappings as stored: `contacts:name` (a stored key cannot hold a dot), `contacts.name` in the API. */
export const storedMappings = (m: Record<string, string>) =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [k.replace('.', ':'), v]));
export const apiMappings = (m: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(m ?? {}).map(([k, v]) => [k.replace(':', '.'), v]));
