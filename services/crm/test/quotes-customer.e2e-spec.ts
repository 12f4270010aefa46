import type { INestApplication } from '@nestjs/common';
import { TOPICS } from '@sixa/contracts';
import { EventRecorder, http } from '@sixa/testing';
import mongoose from 'mongoose';
import { createHash } from 'node:crypto';
import { catalogue, startCrm } from './factories';
import { startTestGateway } from '../../../gateway/test/test-gateway';

/**
 * The customer's link and the acceptance evidence, called the way the browser calls them: through
 * the gateway. The gateway here stands behind one proxy (an ingress, TRUST_PROXY_HOPS=1), so the
 * address that proxy adds to X-Forwarded-For is the client's.
 */
describe('quotes: the customer link and the acceptance evidence, through the gateway', () => {
  let ctx: Awaited<ReturnType<typeof startCrm>>;
  let gateway: INestApplication;
  let api: string;
  let product: Awaited<ReturnType<typeof catalogue>>;
  let recorder: EventRecorder;

  beforeAll(async () => {
    ctx = await startCrm();
    ({ app: gateway, api } = await startTestGateway(
      { auth: ctx.auth.url, crm: ctx.url },
      { env: { TRUST_PROXY_HOPS: '1' } },
    ));
    product = await catalogue(api, ctx.employee);
    recorder = await new EventRecorder(TOPICS.crm, (e) => e.type === 'quote.accepted').start();
  });
  afterAll(async () => {
    await recorder?.stop();
    await gateway?.close();
    await ctx?.stop();
  });

  const staff = (method: string, path: string, body?: unknown) =>
    http(api, method, path, { token: ctx.employee, body });

  /** A quote sent to its customer; returns it with the token of the customer's link. */
  async function sentQuote(overrides: Record<string, unknown> = {}) {
    const created = await staff('POST', '/quotes', {
      title: 'Rollout',
      customer_name: 'Dana Scully',
      customer_email: `dana.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@fbi.gov`,
      customer_phone: '+1 202 555 0100',
      customer_address: { street: '935 Pennsylvania Ave NW', city: 'Washington' },
      line_items: [
        { product_service_id: product('CRM Platform').id, quantity: 3, discount_percentage: 10 },
        { product_service_id: product('Onboarding').id, quantity: 1, pricing_tier: 'premium' },
      ],
      tax_settings: { tax_rate: 8.875, tax_name: 'Sales tax', is_inclusive: false },
      notes: 'Thank you.',
      terms_conditions: 'Net 30.',
      created_by: 'current_user',
      ...overrides,
    });
    expect(created.status).toBe(201);
    const sent = await staff('POST', `/quotes/${created.body.id}/send`);
    expect(sent.status).toBe(200);
    return {
      quote: created.body,
      publicUrl: sent.body.public_url as string,
      token: sent.body.public_url.split('/').pop(),
    };
  }

  /** The canonical content the hash covers, rebuilt here from the quote staff read (keys sorted, no spaces). */
  function expectedContentHash(q: Record<string, any>): string {
    const canonical = (v: unknown): string => {
      if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
      if (v && typeof v === 'object')
        return `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`;
      return JSON.stringify(v);
    };
    const content = {
      format: 'sixa.quote-content.v1',
      currency: 'USD',
      quote_number: q.quote_number,
      title: q.title,
      customer_name: q.customer_name,
      customer_email: q.customer_email,
      customer_phone: q.customer_phone,
      customer_address: q.customer_address,
      line_items: q.line_items.map((l: Record<string, unknown>) => ({
        product_name: l.product_name,
        pricing_tier: l.pricing_tier,
        quantity: l.quantity,
        unit_price: l.unit_price,
        discount_percentage: l.discount_percentage,
        discount_amount: l.discount_amount,
        line_total: l.line_total,
      })),
      tax_settings: q.tax_settings,
      subtotal: q.subtotal,
      discount_total: q.discount_total,
      tax_amount: q.tax_amount,
      total_amount: q.total_amount,
      notes: q.notes,
      terms_conditions: q.terms_conditions,
      expires_at: q.expires_at,
    };
    return createHash('sha256').update(canonical(content), 'utf8').digest('hex');
  }

  it('refuses to accept or decline a quote whose time has passed, before the expiry sweep has marked it', async () => {
    const { quote, token } = await sentQuote();
    const conn = await mongoose.createConnection(ctx.config.mongoUrl, { dbName: ctx.config.mongoDb }).asPromise();
    try {
      // After the relay is done with the quote's events: on the local default engine a write from this
      // other connection and the relay's removal of the sent events could otherwise lose one another.
      const _id = new mongoose.Types.ObjectId(quote.id);
      for (let i = 0; i < 100 && ((await conn.collection('quotes').findOne({ _id }))?.outbox ?? []).length > 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      await conn
        .collection('quotes')
        .updateOne(
          { _id: new mongoose.Types.ObjectId(quote.id) },
          { $set: { expires_at: new Date(Date.now() - 60_000) } },
        );
    } finally {
      await conn.close();
    }
    const accept = await http(api, 'POST', `/quotes/public/${token}/accept`, { body: {} });
    expect(accept.status).toBe(409);
    expect(accept.body.detail).toMatch(/^This quote expired on \d{4}-\d{2}-\d{2} and can no longer be accepted$/);
    expect((await http(api, 'POST', `/quotes/public/${token}/reject`)).status).toBe(409);
    expect((await staff('GET', `/quotes/${quote.id}`)).body.status).toBe('sent');
  });

  it("gives staff the customer's link of a sent or viewed quote in GET /quotes/{id}, computed and not stored", async () => {
    const draft = (
      await staff('POST', '/quotes', {
        title: 'Draft only',
        customer_name: 'Walter Skinner',
        customer_email: `skinner.${Date.now()}@fbi.gov`,
        line_items: [{ product_service_id: product('CRM Platform').id, quantity: 1 }],
      })
    ).body;
    expect((await staff('GET', `/quotes/${draft.id}`)).body).not.toHaveProperty('public_url');

    const { quote, publicUrl, token } = await sentQuote();
    expect(publicUrl).toMatch(/\/quote\/[a-f0-9]{24}\.[\w-]+$/);
    const asSent = await staff('GET', `/quotes/${quote.id}`);
    expect(asSent.body).toMatchObject({ status: 'sent', public_url: publicUrl });

    expect((await http(api, 'GET', `/quotes/public/${token}`)).body.status).toBe('viewed');
    expect((await staff('GET', `/quotes/${quote.id}`)).body).toMatchObject({ status: 'viewed', public_url: publicUrl });

    const conn = await mongoose.createConnection(ctx.config.mongoUrl, { dbName: ctx.config.mongoDb }).asPromise();
    try {
      const stored = await conn.collection('quotes').findOne({ _id: new mongoose.Types.ObjectId(quote.id) });
      expect(stored).not.toBeNull();
      expect(stored).not.toHaveProperty('public_url');
    } finally {
      await conn.close();
    }

    expect((await http(api, 'POST', `/quotes/public/${token}/reject`)).body.status).toBe('rejected');
    expect((await staff('GET', `/quotes/${quote.id}`)).body).not.toHaveProperty('public_url');
  });

  it.each([
    ['no body', undefined, /full name/],
    ['no consent', { signer_name: 'Dana Scully' }, /consent/],
    ['consent refused', { signer_name: 'Dana Scully', consent: false }, /consent/],
    ['no name', { consent: true }, /full name/],
    ['a blank name', { signer_name: '   ', consent: true }, /full name/],
    ['consent that is not a boolean', { signer_name: 'Dana Scully', consent: 'yes' }, /consent must be a boolean/],
    [
      'an address of its own choosing',
      { signer_name: 'Dana Scully', consent: true, ip: '192.0.2.1' },
      /ip is not a field this request takes/,
    ],
  ])(
    'refuses to accept an e-signature quote with %s: 400 with a detail, the quote stays open',
    async (_case, body, detail) => {
      const { quote, token } = await sentQuote({ e_signature_required: true });
      const res = await http(api, 'POST', `/quotes/public/${token}/accept`, { body });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(detail);
      const after = (await staff('GET', `/quotes/${quote.id}`)).body;
      expect(after.status).toBe('sent');
      expect(after.acceptance ?? null).toBeNull();
    },
  );

  it('accepts an e-signature quote with the typed name and consent; the evidence is stored, shown to staff and in quote.accepted', async () => {
    const { quote, token } = await sentQuote({ e_signature_required: true });
    const before = Date.now();
    const res = await http(api, 'POST', `/quotes/public/${token}/accept`, {
      body: { signer_name: '  Dana Katherine Scully ', consent: true },
      // The ingress in front of the gateway appended 203.0.113.7; the first entry is the client's own claim.
      headers: { 'x-forwarded-for': '198.51.100.23, 203.0.113.7', 'user-agent': 'QuoteTest/1.0 (evidence)' },
    });
    const after = Date.now();
    expect(res.status).toBe(200);

    const staffView = (await staff('GET', `/quotes/${quote.id}`)).body;
    expect(staffView.status).toBe('accepted');
    const evidence = staffView.acceptance;
    expect(evidence).toEqual({
      method: 'typed_name',
      signer_name: 'Dana Katherine Scully',
      consent: true,
      consent_text: expect.stringMatching(/electronic signature/i),
      accepted_at: expect.any(String),
      ip: '203.0.113.7',
      user_agent: 'QuoteTest/1.0 (evidence)',
      content_format: 'sixa.quote-content.v1',
      content_sha256: expectedContentHash(staffView),
    });
    const acceptedAt = Date.parse(evidence.accepted_at);
    expect(acceptedAt).toBeGreaterThanOrEqual(before - 5);
    expect(acceptedAt).toBeLessThanOrEqual(after + 5);

    // The customer sees their signature and the hash, but not the recorded address or browser.
    expect(res.body.acceptance).toEqual({
      method: 'typed_name',
      signer_name: 'Dana Katherine Scully',
      consent: true,
      consent_text: evidence.consent_text,
      accepted_at: evidence.accepted_at,
      content_format: 'sixa.quote-content.v1',
      content_sha256: evidence.content_sha256,
    });
    const customerView = (await http(api, 'GET', `/quotes/public/${token}`)).body;
    expect(customerView.acceptance).toEqual(res.body.acceptance);

    const event = await recorder.waitFor((e) => e.type === 'quote.accepted' && e.subject === quote.id);
    expect(event.data).toMatchObject({ quote_id: quote.id, from: 'sent', to: 'accepted', acceptance: evidence });
  });

  it("records a plain quote's confirmed click with the gateway's view of the client address", async () => {
    const { quote, token } = await sentQuote();
    expect((await http(api, 'GET', `/quotes/public/${token}`)).body.status).toBe('viewed');
    const res = await http(api, 'POST', `/quotes/public/${token}/accept`, {
      headers: { 'user-agent': 'QuoteTest/2.0' },
    });
    expect(res.status).toBe(200);
    const staffView = (await staff('GET', `/quotes/${quote.id}`)).body;
    expect(staffView.acceptance).toEqual({
      method: 'click',
      signer_name: null,
      consent: false,
      consent_text: null,
      accepted_at: expect.any(String),
      // No proxy in front of this request: the address the gateway's socket saw.
      ip: '127.0.0.1',
      user_agent: 'QuoteTest/2.0',
      content_format: 'sixa.quote-content.v1',
      content_sha256: expectedContentHash(staffView),
    });
    const event = await recorder.waitFor((e) => e.type === 'quote.accepted' && e.subject === quote.id);
    expect(event.data).toMatchObject({ from: 'viewed', to: 'accepted', acceptance: staffView.acceptance });
  });
});
