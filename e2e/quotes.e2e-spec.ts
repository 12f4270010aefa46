import type { Browser, Page } from 'playwright-core';
import { openBrowserSession, pageApi, signInWithDemo } from './browser';
import type { startStack } from './stack';

interface QuoteView {
  id: string;
  quote_number: string;
  status: string;
  public_url?: string;
  acceptance?: { signer_name: string | null; content_sha256: string; ip: string; user_agent: string } | null;
}

/**
 * The customer's link as staff and customers meet it: staff read and copy it from the quote's
 * View; the customer opens it signed out (the page makes no staff calls) and signs a quote that
 * requires an e-signature on its signing page (the quote's document, sent by the documents service)
 * by typing their name and ticking the consent; the signed document accepts the quote.
 */
describe('Quote links and e-signature acceptance in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let browser: Browser;
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  /** A call to the API as the signed-in staff page makes it (its stored token). */
  const staffApi = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
    (await pageApi(page, method, path, body)).body as T;

  /** An e-signature quote, created through the API as the staff page would. */
  const createQuote = async (title: string) => {
    const products = await staffApi<Array<{ id: string; name: string }>>('GET', '/products-services');
    return staffApi<QuoteView>('POST', '/quotes', {
      title,
      customer_name: 'Katherine Johnson',
      customer_email: `katherine.${Date.now()}@nasa.gov`,
      line_items: [{ product_service_id: products.find((p) => p.name.startsWith('CRM'))!.id, quantity: 2 }],
      tax_settings: { tax_rate: 7.25 },
      e_signature_required: true,
      created_by: 'current_user',
    });
  };

  beforeAll(async () => {
    ({ stack, browser, page, close } = await openBrowserSession({ height: 1000, timeoutMs: 15_000 }));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    await page.goto(stack.url);
    await signInWithDemo(page, 'Login as Employee (Limited Access)');
    await staffApi('POST', '/quotes/init-sample-data'); // the catalogue the quotes are priced from
  });
  afterAll(async () => {
    await close?.();
  });

  it('shows staff the customer link of a quote sent earlier in its View, and copies it', async () => {
    const quote = await createQuote('Signed rollout');
    await page.goto(`${stack.url}/quotes`);
    const row = page.getByRole('row').filter({ hasText: quote.quote_number });
    await row.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Quote sent successfully!').waitFor();

    // A fresh page: the drawer has only GET /quotes/{id} to learn the link from.
    await page.reload();
    await page.getByRole('row').filter({ hasText: quote.quote_number }).getByRole('button', { name: 'View' }).click();
    const drawer = page.getByRole('dialog');
    const shown = drawer.getByTestId('customer-link');
    await shown.waitFor();
    const link = await shown.inputValue();
    expect(link).toMatch(new RegExp(`/quote/${quote.id}\\.[\\w-]+$`));
    expect((await staffApi<QuoteView>('GET', `/quotes/${quote.id}`)).public_url).toBe(link);

    await drawer.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Customer link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.screenshot({ path: `${__dirname}/../test-results/quote-customer-link.png` });
    await drawer.getByRole('button', { name: 'Close' }).click();
  }, 120_000);

  it('lets the customer, signed out, sign the quote on the signing page with their typed name and consent, with no staff calls, and shows the hash', async () => {
    const quote = await createQuote('Signed expansion');
    const { public_url: link } = await staffApi<QuoteView>('POST', `/quotes/${quote.id}/send`);
    expect(link).toMatch(/\/quote\/[\w.-]+$/);
    const customerContext = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
    const customer = await customerContext.newPage();
    customer.setDefaultTimeout(15_000);
    const apiRequests: string[] = [];
    customer.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api')) apiRequests.push(`${r.method()} ${url.pathname}`);
    });
    const staffCalls = () =>
      apiRequests.filter(
        (r) =>
          !/^GET \/api\/?$/.test(r) &&
          !/^(GET|POST) \/api\/quotes\/public\//.test(r) &&
          !/^(GET|POST) \/api\/documents\/signing\//.test(r),
      );
    try {
      // The quote's document goes out for signature (documents), which gives the quote its signing page (crm).
      const customerPath = new URL(link!).pathname;
      const deadline = Date.now() + 20_000;
      const signingUrl = async () =>
        (
          (await pageApi(page, 'GET', `/quotes/public/${customerPath.split('/').pop()}`)).body as {
            signing_url?: string;
          }
        )?.signing_url;
      while (!(await signingUrl())) {
        if (Date.now() > deadline) throw new Error('The quote got no signing page');
        await page.waitForTimeout(250);
      }
      // The link names the configured public origin; the same path on the stack under test.
      await customer.goto(`${stack.url}${customerPath}`);
      await customer.getByRole('link', { name: 'Review and sign' }).click();

      // The signing page: the quote as a PDF, the customer's typed signature and consent.
      await customer.getByText('Signature requested').waitFor();
      const sign = customer.getByRole('button', { name: 'Sign', exact: true });
      await customer.getByLabel('Full name').fill('Katherine G. Johnson');
      await customer.getByLabel('Typed signature').fill('Katherine G. Johnson');
      expect(await sign.isDisabled()).toBe(true);
      await customer.getByRole('checkbox', { name: 'I agree to sign this document electronically' }).check();
      await customer.screenshot({ path: `${__dirname}/../test-results/quote-sign-dialog.png` });
      await sign.click();
      await customer.getByText(/^You signed /).waitFor();

      // The signed document accepts the quote in crm, with the signature as evidence.
      let stored = await staffApi<QuoteView>('GET', `/quotes/${quote.id}`);
      while (stored.status !== 'accepted') {
        if (Date.now() > deadline + 20_000) throw new Error(`The quote stayed ${stored.status}`);
        await page.waitForTimeout(250);
        stored = await staffApi<QuoteView>('GET', `/quotes/${quote.id}`);
      }
      expect(stored.acceptance).toMatchObject({
        signer_name: 'Katherine G. Johnson',
        ip: '127.0.0.1',
        user_agent: expect.stringContaining('Chrome'),
      });

      await customer.goto(`${stack.url}${customerPath}`);
      await customer.getByText(/Signed electronically by Katherine G\. Johnson on/).waitFor();
      const shownHash = (await customer.getByTestId('acceptance-sha256').textContent())?.trim();
      expect(shownHash).toMatch(/^[0-9a-f]{64}$/);
      expect(shownHash).toBe(stored.acceptance?.content_sha256);
      await customer.screenshot({ path: `${__dirname}/../test-results/quote-signed.png` });
      expect(staffCalls()).toEqual([]);
    } finally {
      await customerContext.close();
    }
  }, 120_000);
});
