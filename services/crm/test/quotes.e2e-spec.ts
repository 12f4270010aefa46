import { computeQuoteTotals, TOPICS } from '@sixa/contracts';
import { EventRecorder, http, sleep } from '@sixa/testing';
import mongoose from 'mongoose';
import { startCrmService } from '../src/app.module';
import { catalogue, newLead, startCrm } from './factories';

describe('quotes', () => {
  let ctx: Awaited<ReturnType<typeof startCrm>>;
  let product: Awaited<ReturnType<typeof catalogue>>;

  beforeAll(async () => {
    ctx = await startCrm({ expirySweepMs: 200 });
    product = await catalogue(ctx.url, ctx.employee);
  });
  afterAll(() => ctx.stop());

  const quoteBody = (overrides: Record<string, unknown> = {}) => ({
    title: 'Rollout',
    customer_name: 'Dana Scully',
    customer_email: `dana.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@fbi.gov`,
    line_items: [{ product_service_id: product('CRM Platform').id, quantity: 3 }],
    tax_settings: { tax_rate: 10, tax_name: 'VAT', is_inclusive: false },
    created_by: 'current_user',
    ...overrides,
  });
  const create = (body: Record<string, unknown>) => http(ctx.url, 'POST', '/quotes', { token: ctx.employee, body });

  describe('money', () => {
    const cases: Array<
      [
        string,
        () => Record<string, unknown>,
        { subtotal: number; discount_total: number; tax_amount: number; total_amount: number },
      ]
    > = [
      [
        'premium tier, 8.875% exclusive',
        () => ({
          line_items: [{ product_service_id: product('Premium Support').id, quantity: 3, pricing_tier: 'premium' }],
          tax_settings: { tax_rate: 8.875 },
        }),
        { subtotal: 1499.97, discount_total: 0, tax_amount: 133.12, total_amount: 1633.09 },
      ],
      [
        '19% inclusive with both discount kinds',
        () => ({
          line_items: [
            {
              product_service_id: product('AI Assistant').id,
              quantity: 2,
              pricing_tier: 'enterprise',
              discount_percentage: 12.5,
              discount_amount: 100,
            },
          ],
          tax_settings: { tax_rate: 19, is_inclusive: true },
        }),
        { subtotal: 4200, discount_total: 625, tax_amount: 570.8, total_amount: 3575 },
      ],
      [
        'standard tier, half-cent tax rounds up',
        () => ({
          line_items: [{ product_service_id: product('Premium Support').id, quantity: 1 }],
          tax_settings: { tax_rate: 0.5 },
        }),
        { subtotal: 299.99, discount_total: 0, tax_amount: 1.5, total_amount: 301.49 },
      ],
      [
        'two lines, discount amount over the line is capped',
        () => ({
          line_items: [
            { product_service_id: product('Onboarding').id, quantity: 1, discount_amount: 99999 },
            { product_service_id: product('Workflow').id, quantity: 1.5, pricing_tier: 'premium' },
          ],
          tax_settings: { tax_rate: 7.25 },
        }),
        { subtotal: 4200, discount_total: 1500, tax_amount: 195.75, total_amount: 2895.75 },
      ],
    ];

    it.each(cases)('%s: exact totals, the same as the shared preview function', async (_name, make, expected) => {
      const body = quoteBody(make());
      const res = await create(body);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(expected);
      const lines = (
        body.line_items as Array<{
          product_service_id: string;
          quantity: number;
          pricing_tier?: 'standard' | 'premium' | 'enterprise';
          discount_percentage?: number;
          discount_amount?: number;
        }>
      ).map((l) => {
        const p = Object.values({
          a: product('CRM'),
          b: product('Workflow'),
          c: product('AI'),
          d: product('Onboarding'),
          e: product('Premium Support'),
        }).find((x) => x.id === l.product_service_id)!;
        return { ...l, unit_price: p.prices[l.pricing_tier ?? 'standard'] };
      });
      const preview = computeQuoteTotals(lines, body.tax_settings as { tax_rate: number; is_inclusive?: boolean });
      expect([res.body.subtotal, res.body.discount_total, res.body.tax_amount, res.body.total_amount]).toEqual([
        preview.subtotal,
        preview.discount_total,
        preview.tax_amount,
        preview.total_amount,
      ]);
    });
  });

  it.each([
    [{ line_items: [] }, /at least one line item/],
    [{ line_items: [{ product_service_id: 'x', quantity: -1 }] }, /^Line 1: quantity must be positive$/],
    [
      { line_items: [{ product_service_id: 'x', quantity: 1, discount_percentage: 120 }] },
      /^Line 1: discount must be between 0 and 100%$/,
    ],
    [{ line_items: [{ product_service_id: '000000000000000000000000', quantity: 1 }] }, /Unknown product/],
    [{ title: '' }, /title is required/],
    [{ customer_email: 'nope' }, /customer's e-mail must be a valid e-mail/],
    [{ status: 'accepted' }, /status is not a field this request takes/],
  ])('refuses %j with 400 and stores nothing', async (extra, detail) => {
    const before = (await http(ctx.url, 'GET', '/quotes', { token: ctx.employee })).body.length;
    const res = await create(quoteBody(extra));
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
    expect((await http(ctx.url, 'GET', '/quotes', { token: ctx.employee })).body.length).toBe(before);
  });

  it('gives 50 concurrently created quotes 50 distinct sequential numbers', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => create(quoteBody())));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const numbers = results.map((r) => Number(r.body.quote_number.split('-')[2])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.at(-1)! - numbers[0]).toBe(49);
    expect(results[0].body.quote_number).toMatch(new RegExp(`^Q-${new Date().getUTCFullYear()}-\\d{4}$`));
  });

  it('sends a draft once (409 after), and a sent quote cannot be edited', async () => {
    const q = (await create(quoteBody())).body;
    const sent = await http(ctx.url, 'POST', `/quotes/${q.id}/send`, { token: ctx.employee });
    expect(sent.body).toMatchObject({ status: 'sent', public_url: expect.stringContaining('/quote/') });
    expect(Date.parse(sent.body.expires_at) - Date.parse(sent.body.sent_at)).toBe(q.expires_in_days * 86_400_000);
    expect((await http(ctx.url, 'POST', `/quotes/${q.id}/send`, { token: ctx.employee })).status).toBe(409);
    expect((await http(ctx.url, 'PUT', `/quotes/${q.id}`, { token: ctx.employee, body: quoteBody() })).status).toBe(
      409,
    );
  });

  it('gives the customer a signed link: view -> viewed, accept -> accepted, a forged link -> 404', async () => {
    const q = (await create(quoteBody())).body;
    const { public_url } = (await http(ctx.url, 'POST', `/quotes/${q.id}/send`, { token: ctx.employee })).body;
    const token = public_url.split('/').pop();
    const viewed = (await http(ctx.url, 'GET', `/quotes/public/${token}`)).body;
    expect(viewed).toMatchObject({ status: 'viewed', quote_number: q.quote_number, total_amount: q.total_amount });
    expect(viewed).not.toHaveProperty('created_by');
    expect((await http(ctx.url, 'GET', `/quotes/public/${q.id}.forged`)).status).toBe(404);
    expect((await http(ctx.url, 'POST', `/quotes/public/${token}/accept`)).body.status).toBe('accepted');
    expect((await http(ctx.url, 'POST', `/quotes/public/${token}/reject`)).status).toBe(409);
  });

  it("raises a lead's score through the event path when a quote for its e-mail is accepted", async () => {
    const recorder = await new EventRecorder(TOPICS.crm).start();
    try {
      const lead = (await http(ctx.url, 'POST', '/leads', { token: ctx.employee, body: newLead() })).body;
      const q = (await create(quoteBody({ customer_email: lead.email }))).body;
      const { public_url } = (await http(ctx.url, 'POST', `/quotes/${q.id}/send`, { token: ctx.employee })).body;
      await http(ctx.url, 'POST', `/quotes/public/${public_url.split('/').pop()}/accept`);
      // The lead-history group reads crm.events.v1 from its start, which in a full run holds every suite's events.
      await recorder.waitFor(
        (e) =>
          e.type === 'lead.scored' && e.subject === lead.id && (e.data as { score: number }).score === lead.score + 30,
        60_000,
      );
      const after = (await http(ctx.url, 'GET', `/leads/${lead.id}`, { token: ctx.employee })).body;
      expect(after.score).toBe(lead.score + 30);
      expect(after.score_factors.map((f: { factor: string }) => f.factor)).toEqual(
        expect.arrayContaining(['A quote was sent', 'A quote was accepted']),
      );
      const sentEvent = recorder.events.find((e) => e.type === 'quote.sent' && e.subject === q.id)!;
      expect(sentEvent.data).toMatchObject({ signer: { email: lead.email }, e_signature_required: false, public_url });
    } finally {
      await recorder.stop();
    }
  });

  it('publishes an edit of a draft as quote.updated with what changed, and refuses a stale revision', async () => {
    const recorder = await new EventRecorder(TOPICS.crm).start();
    try {
      const q = (await create(quoteBody())).body;
      expect(q.rev).toBe(0);
      const edited = await http(ctx.url, 'PUT', `/quotes/${q.id}`, {
        token: ctx.employee,
        body: { ...quoteBody({ customer_email: q.customer_email }), title: 'Rollout, phase 2', rev: 0 },
      });
      expect(edited.body).toMatchObject({ title: 'Rollout, phase 2', rev: 1 });
      const event = await recorder.waitFor((e) => e.type === 'quote.updated' && e.subject === q.id);
      expect(event.data).toMatchObject({
        changed_fields: ['title'],
        before: { title: 'Rollout' },
        after: { title: 'Rollout, phase 2' },
      });
      const stale = await http(ctx.url, 'PUT', `/quotes/${q.id}`, {
        token: ctx.employee,
        body: { ...quoteBody({ customer_email: q.customer_email }), title: 'From an old tab', rev: 0 },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.detail).toMatch(/changed by someone else since you opened it/);
    } finally {
      await recorder.stop();
    }
  });

  it('computes the analytics summary from the data', async () => {
    const all = (await http(ctx.url, 'GET', '/quotes', { token: ctx.employee })).body as Array<{
      status: string;
      total_amount: number;
    }>;
    const summary = (await http(ctx.url, 'GET', '/quotes/analytics/summary', { token: ctx.employee })).body;
    const value = all.reduce((s, q) => s + q.total_amount, 0);
    const sentOrLater = all.filter((q) => q.status !== 'draft').length;
    expect(summary).toEqual({
      total_quotes: all.length,
      conversion_rate: Math.round((all.filter((q) => q.status === 'accepted').length / sentOrLater) * 1000) / 10,
      total_value: Math.round(value * 100) / 100,
      average_quote_value: Math.round((value / all.length) * 100) / 100,
    });
  });

  it('expires a sent quote whose time has passed, also after a service restart', async () => {
    const conn = await mongoose.createConnection(ctx.config.mongoUrl, { dbName: ctx.config.mongoDb }).asPromise();
    const quotes = conn.collection('quotes');
    // Moves a quote's expiry into the past, as time would. It waits for the relay to finish with
    // the quote's events first: on the local default engine two writers of one document can lose a write.
    const backdate = async (id: string) => {
      const _id = new mongoose.Types.ObjectId(id);
      for (let i = 0; i < 100 && ((await quotes.findOne({ _id }))?.outbox ?? []).length > 0; i++) await sleep(50);
      await quotes.updateOne({ _id }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    };
    const waitForStatus = async (id: string, wanted: string) => {
      let status = '';
      for (let i = 0; i < 150 && status !== wanted; i++) {
        await sleep(100);
        status = (await http(ctx.url, 'GET', `/quotes/${id}`, { token: ctx.employee })).body.status;
      }
      return status;
    };
    try {
      const q1 = (await create(quoteBody())).body;
      await http(ctx.url, 'POST', `/quotes/${q1.id}/send`, { token: ctx.employee });
      await backdate(q1.id);
      expect(await waitForStatus(q1.id, 'expired')).toBe('expired');

      // Stop the service, let a quote's time pass while it is down, start a new one.
      const q2 = (await create(quoteBody())).body;
      await http(ctx.url, 'POST', `/quotes/${q2.id}/send`, { token: ctx.employee });
      await ctx.app.close();
      await backdate(q2.id);
      const restarted = await startCrmService({ ...ctx.config, expirySweepMs: 60_000 });
      ctx.app = restarted.app;
      ctx.url = restarted.url;
      expect(await waitForStatus(q2.id, 'expired')).toBe('expired');
    } finally {
      await conn.close();
    }
  });
});
