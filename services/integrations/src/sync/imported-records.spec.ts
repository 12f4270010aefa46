import { importedPage, isImportedType, mapped } from './imported-records';

describe('imported records', () => {
  const contact = {
    id: 42,
    first_name: ' Ann ',
    last_name: 'Lee',
    email: 'ANN@EXAMPLE.COM',
    company: 'Acme',
    updated_at: '2026-01-02T03:04:05.000Z',
  };

  it('fills a template from nested fields, leaving missing ones empty and spaces collapsed', () => {
    expect(mapped('{{first_name}}  {{ last_name }} {{owner.name}}', { ...contact, owner: { name: 'Bo' } })).toBe(
      'Ann Lee Bo',
    );
    expect(mapped('{{nothing}} {{last_name}}', contact)).toBe('Lee');
  });

  it('maps a page of contacts with the default mappings, e-mail lower-cased', () => {
    const page = importedPage('contacts', [contact], {});
    expect(page.data_type).toBe('contacts');
    if (page.data_type !== 'contacts') return;
    expect(page.records[0]).toMatchObject({
      external_id: '42',
      name: 'Ann Lee',
      email: 'ann@example.com',
      company: 'Acme',
      updated_at: contact.updated_at,
    });
  });

  it('maps tasks and events by their own mappings, a connection mapping overriding the default', () => {
    const record = { id: 'T1', subject: 'Call', priority: 'HIGH', updated_at: 'not a time', start: 's', end: 'e' };
    const tasks = importedPage('tasks', [record], { 'tasks.title': 'Task: {{subject}}' });
    expect(tasks).toEqual({
      data_type: 'tasks',
      records: [
        expect.objectContaining({ external_id: 'T1', title: 'Task: Call', priority: 'high', updated_at: null }),
      ],
    });
    const events = importedPage('events', [{ ...record, attendees: ['a@x.io', 3] }], {});
    expect(events).toEqual({
      data_type: 'events',
      records: [expect.objectContaining({ title: 'Call', start_time: 's', end_time: 'e', attendees: ['a@x.io'] })],
    });
  });

  it('knows the data types the product brings in', () => {
    expect(['contacts', 'tasks', 'events', 'accounts'].filter(isImportedType)).toEqual(['contacts', 'tasks', 'events']);
  });
});
