import type { EventMap, ImportedContact, Lead } from '@sixa/contracts';
import { http } from '@sixa/testing';
import { IntegrationImportConsumer } from '../src/leads/integration-import.consumer';
import { startCrm } from './factories';

type Command = EventMap['integration.contacts_import_requested'];

/**
 * Synced contacts on the crm side (the whole path, provider to screen, is in the integrations
 * service's tests): versions applied in the provider's order, whatever order pages come in, and
 * the staff's edits kept where the provider changed nothing.
 */
describe('contacts a sync brings in, changed at the provider', () => {
  let ctx: Awaited<ReturnType<typeof startCrm>>;
  let imports: IntegrationImportConsumer;
  let page = 0;
  const platform = `acme-${Date.now().toString(36)}`;
  const email = `grace.${Date.now().toString(36)}@example.com`;
  const command = (records: ImportedContact[]): Command => ({
    correlation_id: `job-1:${++page}`,
    job_id: 'job-1',
    platform_id: platform,
    platform_name: 'Acme CRM',
    records,
  });
  const contact = (at: string, over: Partial<ImportedContact> = {}): ImportedContact => ({
    external_id: 'C-1',
    name: 'Grace Hopper',
    email,
    company: 'Navy Labs',
    phone: '+1 555 0100',
    source: 'Referral',
    notes: 'Met at the conference',
    updated_at: at,
    ...over,
  });
  const lead = async () =>
    ((await http(ctx.url, 'GET', `/leads?q=${encodeURIComponent(email)}`, { token: ctx.admin })).body as Lead[]).find(
      (l) => l.email === email,
    )!;

  beforeAll(async () => {
    ctx = await startCrm();
    imports = ctx.app.get(IntegrationImportConsumer);
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  it('applies a newer version, leaves an older one that comes late, and keeps what the staff changed', async () => {
    expect(await imports.apply(command([contact('2026-11-01T10:00:00.000Z')]))).toMatchObject({
      created: 1,
      failed: [],
    });
    const made = await lead();
    expect(made).toMatchObject({ name: 'Grace Hopper', phone: '+1 555 0100', notes: 'Met at the conference' });

    // The staff correct the phone number.
    const edited = await http(ctx.url, 'PUT', `/leads/${made.id}`, {
      token: ctx.admin,
      body: { name: made.name, email, company: made.company, source: made.source, phone: '+1 555 0199' },
    });
    expect(edited.status).toBe(200);

    // Version 3 (new notes at the provider) comes before version 2 (another name).
    const v3 = contact('2026-11-03T10:00:00.000Z', { notes: 'Wants a demo in March' });
    const v2 = contact('2026-11-02T10:00:00.000Z', { name: 'Stale Name', notes: 'Stale notes' });
    expect(await imports.apply(command([v3]))).toMatchObject({ updated: 1, unchanged: 0 });
    expect(await imports.apply(command([v2]))).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await imports.apply(command([v3]))).toMatchObject({ updated: 0, unchanged: 1 });

    expect(await lead()).toMatchObject({
      id: made.id,
      name: 'Grace Hopper',
      phone: '+1 555 0199',
      notes: 'Wants a demo in March',
      source: 'Referral',
    });
  });
});
