import type { Document } from '@sixa/contracts';
import { http } from '@sixa/testing';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDocumentsService } from '../src/app.module';
import { htmlFetchingFrom, tripwire } from './conversion-factories';
import { documentsTestConfig, newDocument, newTemplate, startDocuments, type DocumentsContext } from './factories';
import { pageLines, pageWords, wordOf } from './pdf-text';

const TITLE = 'Proposal for Fabrikam';

/** A document as people write one: headings, a priced table (figures right-aligned), terms. */
const PROPOSAL = [
  `<h1>${TITLE}</h1>`,
  '<p>Prepared for Lukas Weber, valid until 2026-12-31.</p>',
  '<h2>Pricing</h2>',
  '<table><thead><tr><th>Item</th><th class="num">Quantity</th><th class="num">Unit price</th>',
  '<th class="num">Discount</th><th class="num">Line total</th></tr></thead><tbody>',
  '<tr><td>CRM Platform</td><td class="num">12</td><td class="num">$1,100.00</td>',
  '<td class="num">$1,320.00</td><td class="num">$11,880.00</td></tr>',
  '<tr><td>AI Assistant Add-on</td><td class="num">3</td><td class="num">$900.00</td>',
  '<td class="num">$0.00</td><td class="num">$2,700.00</td></tr>',
  '</tbody></table>',
  '<h2>Terms</h2>',
  '<p>Net 30 from the invoice date.</p>',
].join('\n');

/** The PDF a staff member downloads (GET with their token) through the gateway. */
async function download(api: string, path: string, token: string): Promise<Buffer> {
  const res = await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Where each pattern first matches in `lines`, looking on from the previous match (-1: not found in order). */
function positionsInOrder(lines: string[], patterns: RegExp[]): number[] {
  let from = 0;
  return patterns.map((p) => {
    const at = lines.findIndex((l, i) => i >= from && p.test(l));
    if (at >= 0) from = at + 1;
    return at;
  });
}

/** What the customer signs is the document: its page as the Content tab shows it, printed by the converter. */
describe('the PDF sent for signature and the signed PDF', () => {
  let ctx: DocumentsContext;
  let outbox: string;

  beforeAll(async () => {
    outbox = await mkdtemp(join(tmpdir(), 'sixa-signed-pdf-'));
    ctx = await startDocuments({ mailOutboxDir: outbox, publicUrl: 'http://web.test' });
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  async function signedPdfOf(content: string): Promise<{ doc: Document; pdf: Buffer }> {
    const made = await ctx
      .as(ctx.admin)
      .post('/documents', newDocument({ title: TITLE, content, signature_required: true, status: 'active' }));
    expect(made.status).toBe(201);
    const email = `lukas.${made.body.id}@fabrikam.test`;
    const sent = await ctx
      .as(ctx.admin)
      .post(`/documents/${made.body.id}/send-for-signature`, { signers: [{ name: 'Lukas Weber', email }] });
    expect(sent.status).toBe(200);
    let token: string | undefined;
    for (const name of await readdir(outbox)) {
      const text = await readFile(join(outbox, name), 'utf8');
      if (text.includes(`To: ${email}`)) token = /http:\/\/web\.test\/sign\/([\w-]+\.[\w-]+)/.exec(text)?.[1];
    }
    expect(token).toBeDefined();
    const signed = await http(ctx.api, 'POST', `/documents/signing/${token}/sign`, {
      body: { full_name: 'Lukas Weber', signature_type: 'typed', signature: 'Lukas Weber', consent: true },
    });
    expect(signed.status).toBe(200);
    const doc = (await ctx.as(ctx.admin).get(`/documents/${made.body.id}`)).body as Document;
    expect(doc.status).toBe('signed');
    return { doc, pdf: await download(ctx.api, `/documents/${doc.id}/signed-pdf`, ctx.admin) };
  }

  it('prints page 1 as the document: headings, then the table row by row with its figures, the title once', async () => {
    const { doc, pdf } = await signedPdfOf(PROPOSAL);
    const lines = await pageLines(pdf);
    expect(
      positionsInOrder(lines, [
        /^Proposal for Fabrikam$/,
        /^Prepared for Lukas Weber, valid until 2026-12-31\.$/,
        /^Pricing$/,
        /^Item\s+Quantity\s+Unit price\s+Discount\s+Line total$/,
        /^CRM Platform\s+12\s+\$1,100\.00\s+\$1,320\.00\s+\$11,880\.00$/,
        /^AI Assistant Add-on\s+3\s+\$900\.00\s+\$0\.00\s+\$2,700\.00$/,
        /^Terms$/,
        /^Net 30 from the invoice date\.$/,
      ]),
    ).not.toContain(-1);
    expect(lines.join('\n').split(TITLE)).toHaveLength(2);
    expect(lines.at(-1)).toBe(`Document ${doc.id} · version 1 · page 1 of 1`);

    const words = await pageWords(pdf);
    // Headings are headings: larger than the text under them, the title largest.
    const title = wordOf(words, 'Proposal');
    const pricing = wordOf(words, 'Pricing');
    const body = wordOf(words, 'Prepared');
    expect(title.height).toBeGreaterThan(pricing.height);
    expect(pricing.height).toBeGreaterThan(body.height);
    // A table: each column's cells line up, the figures on their right edge (the Content tab's .num).
    const crm = wordOf(words, 'CRM');
    const ai = wordOf(words, 'AI', crm.top);
    expect(Math.abs(crm.left - ai.left)).toBeLessThan(0.5);
    const twelve = wordOf(words, '12', crm.top - 2);
    const three = wordOf(words, '3', crm.top);
    expect(Math.abs(twelve.right - three.right)).toBeLessThan(0.5);
    const total1 = wordOf(words, '$11,880.00');
    const total2 = wordOf(words, '$2,700.00');
    expect(Math.abs(total1.right - total2.right)).toBeLessThan(0.5);
    expect(total2.left).toBeGreaterThan(three.right);

    // The hash covers this very file: it verifies, and a copy changed by one bit does not.
    expect(
      (await ctx.as(ctx.employee).post('/documents/verify', { file_content: pdf.toString('base64') })).body,
    ).toMatchObject({
      verified: true,
      document_id: doc.id,
    });
    const altered = Buffer.from(pdf);
    altered[altered.length >> 1] ^= 0x01;
    const refused = await ctx.as(ctx.employee).post('/documents/verify', { file_content: altered.toString('base64') });
    expect(refused.body).toMatchObject({ verified: false });
  });

  it('prints plain text as escaped paragraphs under the title, a template document with its values, and nothing linked', async () => {
    const plain = await ctx.as(ctx.admin).post(
      '/documents',
      newDocument({
        title: 'Plain terms',
        content:
          'Scope & price: under <5% of the budget, "as quoted"\nsecond line of the first paragraph\n\nA second paragraph.',
      }),
    );
    const plainLines = await pageLines(await download(ctx.api, `/documents/${plain.body.id}/pdf`, ctx.admin));
    expect(
      positionsInOrder(plainLines, [
        /^Plain terms$/,
        /^Scope & price: under <5% of the budget, "as quoted"$/,
        /^second line of the first paragraph$/,
        /^A second paragraph\.$/,
      ]),
    ).not.toContain(-1);

    const template = await ctx.as(ctx.admin).post(
      '/document-templates',
      newTemplate({
        content:
          '<h1>Order for {{customer_name}}</h1><table><tr><th>Amount</th><td class="num">{{amount}}</td></tr></table>',
        variables: ['customer_name', 'amount'],
      }),
    );
    expect(template.status).toBe(201);
    const fromTemplate = await ctx.as(ctx.admin).post(
      '/documents',
      newDocument({
        title: 'Order',
        template_id: template.body.id,
        content: undefined,
        variables: { customer_name: 'Contoso <script>', amount: '$2,700.00' },
      }),
    );
    expect(fromTemplate.status).toBe(201);
    const words = await pageWords(await download(ctx.api, `/documents/${fromTemplate.body.id}/pdf`, ctx.admin));
    expect(words.map((w) => w.text).join(' ')).toMatch(/^Order for Contoso <script> Amount \$2,700\.00 Document /);
    // The template's own heading is the heading: the title "Order" is not printed above it.
    expect(wordOf(words, 'Order').height).toBeGreaterThan(wordOf(words, 'Amount').height);

    // Whatever the content links to stays unfetched (the Content tab's policy, and the converter's).
    const server = await tripwire();
    try {
      const linked = await ctx
        .as(ctx.admin)
        .post(
          '/documents',
          newDocument({ title: 'Linked', content: htmlFetchingFrom(server.origin, 'Fetched nothing') }),
        );
      const lines = await pageLines(await download(ctx.api, `/documents/${linked.body.id}/pdf`, ctx.admin));
      expect(lines).toContain('Fetched nothing');
      expect(server.seen).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['no converter is installed', { chromiumPath: '/nonexistent/chromium' }, 503, /Nothing was sent: .*Chromium/],
    ['the converter runs past its time', { convertTimeoutMs: 100 }, 504, /Nothing was sent: .*took longer than 0\.1 s/],
  ])('sends nothing when %s, and says why', async (_, overrides, status, detail) => {
    const mails = await mkdtemp(join(tmpdir(), 'sixa-unsent-'));
    const broken = await startDocumentsService(
      documentsTestConfig(ctx.auth.url, { ...overrides, mongoDb: ctx.config.mongoDb, mailOutboxDir: mails }),
    );
    try {
      const doc = await ctx
        .as(ctx.admin)
        .post('/documents', newDocument({ content: PROPOSAL, signature_required: true, status: 'active' }));
      const res = await http(broken.url, 'POST', `/documents/${doc.body.id}/send-for-signature`, {
        token: ctx.admin,
        body: { signers: [{ name: 'Lukas Weber', email: 'lukas@fabrikam.test' }] },
      });
      expect(res.status).toBe(status);
      expect(res.body.detail).toMatch(detail);
      const after = (await ctx.as(ctx.admin).get(`/documents/${doc.body.id}`)).body as Document;
      expect(after).toMatchObject({ status: 'active', docusign_status: null, signature: null, rev: doc.body.rev });
      expect(await readdir(mails)).toEqual([]);
    } finally {
      await broken.app.close();
    }
  });
});
