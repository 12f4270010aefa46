import { computeQuoteTotals, formatUsd } from '@sixa/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { quoteLinkToken } from '../services/crm/src/quotes/quote-links';
import { loadConfig as loadCrmConfig } from '../services/crm/src/config';
import { openBrowserSession, signInWithDemo } from './browser';
import type { startStack } from './stack';

/** Waits until a dialog's opening animation has finished, so that a screenshot shows it as the user does. */
const settled = (dialog: Locator) =>
  dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));

/**
 * Sales staff in the browser: add a lead (it appears first, with its label), import leads from a
 * CSV file, then create a quote with two lines and send it (status sent, totals as previewed).
 */
describe('Leads and Quoting Tool in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let browser: Browser;
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ stack, browser, page, close } = await openBrowserSession({ height: 1000, timeoutMs: 15_000 }));
    await page.goto(stack.url);
    await signInWithDemo(page, 'Login as Employee (Limited Access)');
  });
  afterAll(async () => {
    await close?.();
  });

  it('adds a lead, shown first with its label', async () => {
    await page.goto(`${stack.url}/leads`);
    await page.getByRole('button', { name: 'Add Lead' }).click();
    const dialog = page.getByRole('dialog');
    const email = `ada.${Date.now()}@analytical-engines.com`;
    await dialog.getByLabel('Name').fill('Ada Lovelace');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Company').fill('Analytical Engines');
    await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
    await dialog.getByLabel('Source').click();
    await page.getByTitle('Referral', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create Lead' }).click();
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await firstRow.filter({ hasText: email }).waitFor();
    // Referral 20 + company domain 15 + domain matches company 5 + phone 10 + base 20 = 70: Warm.
    await firstRow.getByText('Warm').waitFor();
    await page.screenshot({ path: `${__dirname}/../test-results/leads.png` });
  }, 120_000);

  it('imports a 3-row CSV file from the Leads screen: the 3 leads are in the table', async () => {
    await page.goto(`${stack.url}/leads`);
    const stamp = Date.now();
    const rows = ['Grace Hopper', 'Alan Turing', 'Katherine Johnson'].map((name, i) => ({
      name,
      email: `${name.split(' ')[0].toLowerCase()}.${stamp}@import-${i}.com`,
    }));
    const csv = ['name,email,company,source', ...rows.map((r) => `${r.name},${r.email},Imported Co,Website`)].join(
      '\r\n',
    );
    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'three-leads.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const dialog = page.getByRole('dialog', { name: 'Import Leads' });
    const closeButton = dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' });
    await dialog.getByText('Imported 3 leads from three-leads.csv.').waitFor();
    await settled(dialog);
    await page.screenshot({ path: `${__dirname}/../test-results/leads-import.png` });
    await closeButton.click();
    const table = page.locator('.ant-table-tbody');
    for (const r of rows) await table.locator('tr.ant-table-row', { hasText: r.email }).getByText(r.name).waitFor();
  }, 120_000);

  it("shows the per-row report for a file with a bad row, and the server's detail for a file too large", async () => {
    await page.goto(`${stack.url}/leads`);
    const dialog = page.getByRole('dialog', { name: 'Import Leads' });
    const closeButton = dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' });
    const bad = [
      'name,email,company,source',
      `Ok Row,ok.${Date.now()}@ok.com,Ok Co,Website`,
      'Bad Row,,Bad Co,Website',
    ];
    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'bad-row.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bad.join('\n')),
    });
    await dialog.getByText('Nothing was imported').waitFor();
    const problem = dialog.locator('.ant-table-tbody tr.ant-table-row').first();
    await problem.getByText('3', { exact: true }).waitFor();
    await problem.getByText('e-mail must be a valid e-mail address').waitFor();
    await settled(dialog);
    await page.screenshot({ path: `${__dirname}/../test-results/leads-import-rejected.png` });
    await closeButton.click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'huge.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(6 * 1024 * 1024, 'x'),
    });
    await dialog.getByText('huge.csv was not imported').waitFor();
    await dialog.getByText('Request body is too large: at most 5 MB').waitFor();
    await settled(dialog);
    await page.screenshot({ path: `${__dirname}/../test-results/leads-import-too-large.png` });
    await closeButton.click();
  }, 120_000);

  it('creates a quote with two lines, previews the totals, sends it', async () => {
    await page.goto(`${stack.url}/quotes`);
    await page.getByRole('button', { name: 'Initialize Sample Data' }).click();
    await page.getByText('Sample data initialized successfully!').waitFor();
    await page.getByRole('button', { name: 'Create Quote' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Browser quote');
    await dialog.getByLabel('Customer Name').fill('Grace Hopper');
    await dialog.getByLabel('Customer Email').fill(`grace.${Date.now()}@navy.mil`);

    const pick = async (index: number, product: string, quantity: string) => {
      await dialog.getByRole('button', { name: 'Add Line Item' }).click();
      await dialog.getByLabel('Product').nth(index).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(product, { exact: false }).first().click();
      await dialog.getByLabel('Quantity').nth(index).fill(quantity);
    };
    await pick(0, 'Premium Support (monthly)', '3');
    await pick(1, 'Onboarding & Training (per day)', '2');
    // Preview: 3 x 299.99 + 2 x 1500 = 3899.97, no tax.
    const expected = computeQuoteTotals(
      [
        { unit_price: 299.99, quantity: 3 },
        { unit_price: 1500, quantity: 2 },
      ],
      { tax_rate: 0 },
    );
    await dialog.getByText(formatUsd(expected.total_amount)).first().waitFor();
    await dialog.getByRole('button', { name: 'Create Quote' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Browser quote' });
    await row.waitFor();
    await row.getByText(formatUsd(expected.total_amount)).waitFor();
    await row.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Quote sent successfully!').waitFor();
    await row.getByText('sent', { exact: false }).waitFor();
    await page.screenshot({ path: `${__dirname}/../test-results/quotes.png` });

    // The customer opens the link from the quote e-mail, signed out, and accepts.
    const quotes = await page.evaluate(async () => {
      const res = await fetch('/api/quotes', {
        headers: { authorization: `Bearer ${localStorage.getItem('sixa.token')}` },
      });
      return (await res.json()) as Array<{ id: string; title: string }>;
    });
    const sent = quotes.find((q) => q.title === 'Browser quote')!;
    const customer = await browser.newPage();
    await customer.goto(`${stack.url}/quote/${quoteLinkToken(sent.id, loadCrmConfig({}).quoteLinkSecret)}`);
    await customer.getByText(formatUsd(expected.total_amount)).first().waitFor();
    await customer.getByRole('button', { name: 'Accept Quote' }).click();
    await customer.getByRole('dialog').getByRole('button', { name: 'Yes, accept' }).click();
    await customer.getByText('You accepted this quote.').waitFor();
    await customer.screenshot({ path: `${__dirname}/../test-results/customer-quote.png` });
    await customer.close();
  }, 120_000);
});
