import { http, sleep } from '@sixa/testing';
import mongoose from 'mongoose';
import { catalogue, startCrm } from './factories';

const DAY_MS = 86_400_000;

/** Edit on every quote: what may still change once a quote has left the drafts, and what the server refuses. */
describe('quote edits after sending', () => {
  let ctx: Awaited<ReturnType<typeof startCrm>>;
  let product: Awaited<ReturnType<typeof catalogue>>;

  beforeAll(async () => {
    ctx = await startCrm();
    product = await catalogue(ctx.url, ctx.employee);
  });
  afterAll(() => ctx.stop());

  let n = 0;
  const quoteBody = (overrides: Record<string, unknown> = {}) => ({
    title: 'Rollout',
    customer_name: 'Dana Scully',
    customer_email: `dana.${Date.now()}.${++n}@fbi.gov`,
    customer_address: { city: 'Washington' },
    line_items: [{ product_service_id: product('CRM Platform').id, quantity: 3, discount_percentage: 5 }],
    tax_settings: { tax_rate: 10, tax_name: 'VAT', is_inclusive: false },
    notes: 'First notes',
    expires_in_days: 30,
    created_by: 'current_user',
    ...overrides,
  });
  const put = (id: string, body: Record<string, unknown>) =>
    http(ctx.url, 'PUT', `/quotes/${id}`, { token: ctx.employee, body });

  /** A quote made and sent; with the body it was made from. */
  async function sentQuote(overrides: Record<string, unknown> = {}) {
    const body = quoteBody(overrides);
    const made = (await http(ctx.url, 'POST', '/quotes', { token: ctx.employee, body })).body;
    const sent = (await http(ctx.url, 'POST', `/quotes/${made.id}/send`, { token: ctx.employee })).body;
    return { quote: sent, body };
  }

  it("changes a sent quote's notes, terms and expiry, the expiry counted from its sending", async () => {
    const { quote, body } = await sentQuote();
    const edited = await put(quote.id, {
      ...body,
      notes: 'Delivery in two phases',
      terms_conditions: 'Net 30',
      expires_in_days: 45,
    });

    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      status: 'sent',
      notes: 'Delivery in two phases',
      terms_conditions: 'Net 30',
      expires_in_days: 45,
      total_amount: quote.total_amount,
      rev: quote.rev + 1,
    });
    expect(Date.parse(edited.body.expires_at) - Date.parse(quote.sent_at)).toBe(45 * DAY_MS);
  });

  it('refuses an edit of a sent quote that would change its line items or customer (409, naming them)', async () => {
    const { quote, body } = await sentQuote();
    const lines = await put(quote.id, {
      ...body,
      line_items: [{ product_service_id: product('CRM Platform').id, quantity: 4 }],
    });
    expect(lines.status).toBe(409);
    expect(lines.body.detail).toBe(
      'This quote has been sent to the customer: its items, prices and customer can no longer change, only its notes, terms and expiry. This edit would change its line items.',
    );
    const customer = await put(quote.id, { ...body, customer_name: 'Fox Mulder', notes: 'And new notes' });
    expect(customer.status).toBe(409);
    expect(customer.body.detail).toMatch(/would change its customer's details\.$/);
    expect((await http(ctx.url, 'GET', `/quotes/${quote.id}`, { token: ctx.employee })).body).toMatchObject({
      notes: 'First notes',
      customer_name: 'Dana Scully',
      rev: quote.rev,
    });
  });

  it('refuses every edit of a quote sent for e-signature, and of an accepted one', async () => {
    const signed = await sentQuote({ e_signature_required: true });
    const esign = await put(signed.quote.id, { ...signed.body, notes: 'Other notes' });
    expect(esign.status).toBe(409);
    expect(esign.body.detail).toMatch(/^This quote has been sent for e-signature/);

    const { quote, body } = await sentQuote();
    const token = (await http(ctx.url, 'GET', `/quotes/${quote.id}`, { token: ctx.employee })).body.public_url
      .split('/')
      .pop();
    expect((await http(ctx.url, 'POST', `/quotes/public/${token}/accept`)).status).toBe(200);
    const accepted = await put(quote.id, { ...body, notes: 'After the fact' });
    expect(accepted.status).toBe(409);
    expect(accepted.body.detail).toBe('This quote was accepted by the customer: it can no longer be changed.');
  });

  it('refuses an expiry that would already have passed for a quote sent long ago (400, saying how many days at least)', async () => {
    const { quote, body } = await sentQuote();
    const conn = await mongoose.createConnection(ctx.config.mongoUrl, { dbName: ctx.config.mongoDb }).asPromise();
    try {
      const quotes = conn.collection('quotes');
      const _id = new mongoose.Types.ObjectId(quote.id);
      // The relay first: on the local default engine two writers of one document can lose a write.
      for (let i = 0; i < 100 && ((await quotes.findOne({ _id }))?.outbox ?? []).length > 0; i++) await sleep(50);
      await quotes.updateOne({ _id }, { $set: { sent_at: new Date(Date.now() - 10.5 * DAY_MS) } });
    } finally {
      await conn.close();
    }

    const short = await put(quote.id, { ...body, expires_in_days: 7 });
    expect(short.status).toBe(400);
    expect(short.body.detail).toMatch(
      /^With 7 days this quote would have expired on \d{4}-\d\d-\d\d .*give it at least 11 days$/,
    );
    expect((await put(quote.id, { ...body, expires_in_days: 11 })).status).toBe(200);
  });

  it('keeps a stale edit of a sent quote out (409) when the editor read an older revision', async () => {
    const { quote, body } = await sentQuote();
    expect((await put(quote.id, { ...body, notes: 'One', rev: quote.rev })).status).toBe(200);
    const stale = await put(quote.id, { ...body, notes: 'Two', rev: quote.rev });
    expect(stale.status).toBe(409);
  });
});
