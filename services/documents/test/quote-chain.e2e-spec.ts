import type { INestApplication } from '@nestjs/common';
import { TOPICS, type Document, type EventEnvelope } from '@sixa/contracts';
import { consumerGroupsStable, EventRecorder, http, infra, onBrokers, sleep } from '@sixa/testing';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogue, newLead, startCrm } from '../../crm/test/factories';
import { startDocumentsService } from '../src/app.module';
import { documentsTestConfig } from './factories';
import { startTestGateway } from '../../../gateway/test/test-gateway';

/**
 * The quote e-signature chain, through the gateway with real Kafka: a quote sent with "Require
 * e-signature" → documents makes its document and sends it to the customer → the customer signs on
 * the public page → crm accepts the quote and the lead's score rises; each once, even when the
 * events are delivered twice.
 */
describe('quote → document → signature → accepted quote', () => {
  let crm: Awaited<ReturnType<typeof startCrm>>;
  let documents: INestApplication;
  let gateway: INestApplication;
  let api: string;
  let outbox: string;
  let producer: Producer;
  let crmEvents: EventRecorder;
  let documentEvents: EventRecorder;
  let product: Awaited<ReturnType<typeof catalogue>>;

  beforeAll(async () => {
    // This crm and this documents service follow each other only: the test's Kafka namespace is theirs.
    crm = await startCrm();
    outbox = await mkdtemp(join(tmpdir(), 'sixa-quote-sign-'));
    const config = documentsTestConfig(crm.auth.url, {
      mailOutboxDir: outbox,
      publicUrl: 'http://web.test',
    });
    const docs = await startDocumentsService(config);
    documents = docs.app;
    ({ app: gateway, api } = await startTestGateway({ auth: crm.auth.url, crm: crm.url, documents: docs.url }));
    product = await catalogue(api, crm.employee);
    const kafka = new Kafka({ clientId: 'quote-chain-test', brokers: infra().brokers, logLevel: logLevel.NOTHING });
    producer = kafka.producer();
    await producer.connect();
    crmEvents = await new EventRecorder(
      TOPICS.crm,
      (e) => e.type === 'quote.accepted' || e.type === 'quote.sent',
    ).start();
    documentEvents = await new EventRecorder(TOPICS.documents, (e) => e.type === 'document.signed').start();
    // Both halves read from now on: wait until their groups have joined.
    await consumerGroupsStable([`${config.mongoDb}-quote-signatures`, `${crm.config.mongoDb}-quote-signatures`]);
  });
  afterAll(async () => {
    await producer?.disconnect();
    await crmEvents?.stop();
    await documentEvents?.stop();
    await gateway?.close();
    await documents?.close();
    await crm?.stop();
  });

  const staff = (method: string, path: string, body?: unknown) =>
    http(api, method, path, { token: crm.employee, body });

  async function waitFor<T>(what: string, read: () => Promise<T | null | undefined>, ms = 20_000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await sleep(150);
    }
  }

  const factorsOf = (lead: { score_factors?: Array<{ factor: string }> }) =>
    (lead.score_factors ?? []).map((f) => f.factor);

  const redeliver = (topic: string, event: EventEnvelope) =>
    producer.send({ topic: onBrokers(topic), messages: [{ key: event.subject, value: JSON.stringify(event) }] });

  it('signs a quote on the public page and accepts it once, raising the lead score once', async () => {
    const email = `buyer.${Date.now()}@globex-corp.com`;
    const lead = await staff('POST', '/leads', newLead({ name: 'Hank Buyer', email, company: 'Globex' }));
    expect(lead.status).toBe(201);
    const scoreBefore = lead.body.score as number;

    const created = await staff('POST', '/quotes', {
      title: 'Platform rollout',
      customer_name: 'Hank Buyer',
      customer_email: email,
      line_items: [{ product_service_id: product('CRM Platform').id, quantity: 2 }],
      tax_settings: { tax_rate: 10, tax_name: 'VAT', is_inclusive: false },
      notes: 'Thanks for your interest.',
      terms_conditions: 'Net 30.',
      e_signature_required: true,
      created_by: 'current_user',
    });
    expect(created.status).toBe(201);
    const quoteId = created.body.id as string;
    const sent = await staff('POST', `/quotes/${quoteId}/send`);
    expect(sent.status).toBe(200);
    const quoteToken = (sent.body.public_url as string).split('/').pop()!;

    // documents made the quote's document and sent it to the customer.
    const doc = await waitFor('the quote document', async () => {
      const list = await staff('GET', `/documents?q=${encodeURIComponent(created.body.quote_number)}`);
      return (list.body as Document[]).find((d) => d.quote_id === quoteId && d.status === 'pending_signature');
    });
    expect(doc).toMatchObject({ signature_required: true, docusign_status: 'sent', type: 'proposal' });
    expect(doc.signature!.signers).toMatchObject([{ email, role: 'customer', status: 'sent' }]);
    expect(doc.content).toContain('Platform rollout');
    expect(doc.content).toMatch(/<td class="num">\$\d{1,3}(,\d{3})*\.\d{2}<\/td>/);
    // Sent on behalf of the quote's author, whom documents knows from auth's events only: by name.
    const author = (await http(crm.auth.url, 'GET', '/auth/me', { token: crm.employee })).body.name as string;
    const trail = await waitFor('the sender by name', async () => {
      const t = await staff('GET', `/documents/${doc.id}/audit-trail`);
      return t.body.envelope?.sent_by_name ? t.body : null;
    });
    expect(trail.envelope.sent_by_name).toBe(author);

    // The customer's quote page now leads to their signing page instead of a plain Accept.
    const page = await waitFor('the signing link on the quote', async () => {
      const q = await http(api, 'GET', `/quotes/public/${quoteToken}`);
      return q.body.signing_url ? q.body : null;
    });
    const signingToken = (page.signing_url as string).split('/sign/')[1];
    const mailed = await waitFor('the invitation mail', async () => {
      for (const f of await readdir(outbox)) {
        const text = await readFile(join(outbox, f), 'utf8');
        if (text.includes(`To: ${email}`)) return text;
      }
      return null;
    });
    expect(mailed).toContain(`/sign/${signingToken}`);
    const click = await http(api, 'POST', `/quotes/public/${quoteToken}/accept`, { body: {} });
    expect(click.status).toBe(409);
    expect(click.body.detail).toMatch(/accepted by signing it/);

    // quote.sent delivered again: no second document, no second invitation.
    const quoteSent = await crmEvents.waitFor((e) => e.type === 'quote.sent' && e.subject === quoteId);
    await redeliver(TOPICS.crm, quoteSent);

    const signed = await http(api, 'POST', `/documents/signing/${signingToken}/sign`, {
      body: { full_name: 'Hank Buyer', signature_type: 'typed', signature: 'Hank Buyer', consent: true },
      headers: { 'user-agent': 'CustomerBrowser/2.0' },
    });
    expect(signed.status).toBe(200);

    const accepted = await waitFor('the accepted quote', async () => {
      const q = await staff('GET', `/quotes/${quoteId}`);
      return q.body.status === 'accepted' ? q.body : null;
    });
    expect(accepted.acceptance).toMatchObject({
      method: 'e_signature',
      signer_name: 'Hank Buyer',
      consent: true,
      user_agent: 'CustomerBrowser/2.0',
      document_id: doc.id,
    });
    const scored = await waitFor('the accepted quote on the lead', async () => {
      const l = await staff('GET', `/leads/${lead.body.id}`);
      return factorsOf(l.body).includes('A quote was accepted') ? l.body : null;
    });
    expect(factorsOf(scored)).toContain('A quote was sent');
    expect(scored.score).toBeGreaterThan(scoreBefore);
    const scoreAfter = scored.score as number;

    // Delivered twice: the completed document.signed again changes nothing.
    const completed = await documentEvents.waitFor((e) => e.subject === doc.id && e.data.completed === true);
    await redeliver(TOPICS.documents, completed);
    await redeliver(TOPICS.documents, completed);
    await sleep(3000);
    expect(crmEvents.events.filter((e) => e.type === 'quote.accepted' && e.subject === quoteId)).toHaveLength(1);
    const invitations = [];
    for (const f of await readdir(outbox))
      if ((await readFile(join(outbox, f), 'utf8')).includes(`To: ${email}`) && f.includes('invite'))
        invitations.push(f);
    expect(invitations).toHaveLength(1);
    expect((await staff('GET', `/leads/${lead.body.id}`)).body.score).toBe(scoreAfter);
    const docs = await staff('GET', `/documents?q=${encodeURIComponent(created.body.quote_number)}`);
    expect((docs.body as Document[]).filter((d) => d.quote_id === quoteId)).toHaveLength(1);
    expect((await staff('GET', `/documents/${doc.id}`)).body.status).toBe('signed');
  });
});
