import type { Browser, Page } from 'playwright-core';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openBrowserSession, pageApi, signInWithDemo } from './browser';
import type { startStack } from './stack';

const SHOTS = `${__dirname}/../test-results`;

/** The signer's link in the signature request mailed to `email` (an .eml file in the stack's outbox). */
async function signingLinkFor(outboxDir: string, email: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of (await readdir(outboxDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))) {
      const mail = await readFile(join(outboxDir, name), 'utf8');
      if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail)) continue;
      const link = /https?:\/\/\S+?\/sign\/[\w-]+\.[\w-]+/.exec(mail)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`No signing e-mail to ${email} in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The Document Center end to end: staff create a template, make a document from it that requires a
 * signature, send it for signature; the signer opens the link from their e-mail, signed out, and
 * signs; staff then see the document signed, with its audit trail.
 */
describe('Document Center and e-signature in the browser', () => {
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

  it('creates a template, a document from it, sends it for signature, and the signer signs it', async () => {
    const stamp = Date.now();
    const templateTitle = `Consulting Agreement ${stamp}`;
    const documentTitle = `Consulting for Northwind ${stamp}`;
    const signerEmail = `maria.${stamp}@northwind.example`;

    await page.goto(`${stack.url}/documents`);
    await page.getByRole('heading', { name: 'Document Center' }).waitFor();
    await page.getByRole('tab', { name: /^Templates/ }).waitFor();

    // A template with two placeholders.
    await page.getByRole('button', { name: 'Create Template' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Create New Template' });
    await dialog.getByLabel('Title').fill(templateTitle);
    await dialog.getByLabel('Description').fill('Consulting services, priced per engagement');
    await dialog
      .getByLabel('Content')
      .fill('<h1>Consulting Agreement</h1>\n<p>Between SIXA Inc. and {{client_name}}, for a fee of {{fee}} USD.</p>');
    await dialog.getByLabel('Tags').fill('legal, consulting, services, pricing');
    await dialog.getByText('Placeholders in the content (added anyway): client_name, fee').waitFor();
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    const card = page.getByRole('article', { name: templateTitle });
    await card.waitFor();
    await card.getByText('+1').waitFor();

    // Use it: a field per variable; active, signature required.
    await card.getByRole('button', { name: /Use Template/ }).click();
    dialog = page.getByRole('dialog', { name: 'Create New Document' });
    await dialog.getByLabel('Title').fill(documentTitle);
    const create = dialog.getByRole('button', { name: 'Create Document' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Client name').fill('Northwind Traders');
    await dialog.getByLabel('Fee').fill('12,500');
    await dialog.getByLabel('Status').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Active', { exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Signature required' }).check();
    await dialog.getByRole('button', { name: 'Preview with these values' }).click();
    await dialog
      .frameLocator('iframe[title^="Preview of"]')
      .getByText(/Northwind Traders, for a fee of 12,500 USD/)
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/documents-create-from-template.png` });
    await create.click();
    await page.getByText(`Document "${documentTitle}" was created`).waitFor();

    // Send it for signature.
    await page.getByRole('tab', { name: /^Documents/ }).click();
    const row = page.getByRole('row').filter({ hasText: documentTitle });
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: 'Send for Signature' }).click();
    dialog = page.getByRole('dialog', { name: 'Send for Signature' });
    await dialog.getByLabel('Signer 1 name').fill('Maria Gonzalez');
    await dialog.getByLabel('Signer 1 email').fill(signerEmail);
    await dialog.getByLabel('Signer 1 role').fill('client');
    expect(await dialog.getByRole('checkbox', { name: 'Send reminders' }).isChecked()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/documents-send-for-signature.png` });
    await dialog.getByRole('button', { name: 'Send for Signature' }).click();
    await row.getByText('Pending signature').waitFor();
    expect(await row.getByTitle('E-signature status').textContent()).toBe('E-signature: sent');
    expect(await row.getByRole('button', { name: 'Send for Signature' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/documents-pending-signature.png` });

    // The signer, signed out, opens the link from their e-mail.
    const link = await signingLinkFor(stack.mailOutboxDir, signerEmail);
    const signerContext = await browser.newContext({ viewport: { width: 1200, height: 1100 } });
    const signer = await signerContext.newPage();
    signer.setDefaultTimeout(15_000);
    try {
      await signer.goto(`${stack.url}${new URL(link).pathname}`);
      await signer.getByRole('heading', { name: documentTitle }).waitFor();
      await signer.getByText('0 of 1 signed').waitFor();
      expect(await signer.getByLabel('Full name').inputValue()).toBe('Maria Gonzalez');
      const sign = signer.getByRole('button', { name: 'Sign', exact: true });
      expect(await sign.isDisabled()).toBe(true);
      // The PDF's pages are drawn on the page (the first page at least before signing).
      await signer.getByLabel(/, page 1 of \d+$/).waitFor();
      await signer.getByRole('checkbox', { name: 'I agree to sign this document electronically' }).check();
      await signer.screenshot({ path: `${SHOTS}/signing-page.png`, fullPage: true });
      await sign.click();
      await signer.getByText(`You signed "${documentTitle}"`).waitFor();
      await signer.getByText('1 of 1 signed').waitFor();
      await signer.screenshot({ path: `${SHOTS}/signing-done.png`, fullPage: true });
    } finally {
      await signerContext.close();
    }

    // Staff see it signed, and its audit trail.
    await page.reload();
    await page.getByRole('tab', { name: /^Documents/ }).click();
    const signedRow = page.getByRole('row').filter({ hasText: documentTitle });
    await signedRow.getByText('Signed', { exact: true }).waitFor();
    await signedRow.getByRole('button', { name: 'View' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Audit trail' });
    await drawer.getByText('1 of 1 signed').waitFor();
    await drawer.getByRole('table').getByText(signerEmail).first().waitFor();
    expect(await drawer.getByTestId('signed-sha256').textContent()).toMatch(/[0-9a-f]{64}/);
    expect(await drawer.getByRole('button', { name: /Download signed PDF/ }).isDisabled()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/documents-audit-trail.png` });

    const stored = await pageApi(page, 'GET', '/documents?limit=50');
    const document = (stored.body as Array<{ title: string; status: string }>).find((d) => d.title === documentTitle);
    expect(document?.status).toBe('signed');
  }, 120_000);

  it('converts an HTML file to PDF and downloads it as converted_<title>.pdf', async () => {
    await page.goto(`${stack.url}/documents`);
    await page.getByRole('button', { name: 'Convert Files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert File' });
    const convert = dialog.getByRole('button', { name: 'Convert to PDF' });
    expect(await convert.isDisabled()).toBe(true);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'Welcome pack.v2.html',
      mimeType: 'text/html',
      buffer: Buffer.from('<h1>Welcome to SIXA</h1><p>Your first week.</p>'),
    });
    expect(await dialog.getByLabel('Document title').inputValue()).toBe('Welcome pack');
    const download = page.waitForEvent('download', { timeout: 90_000 });
    await convert.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('converted_Welcome pack.pdf');
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByText(/was converted: converted_Welcome pack\.pdf/).waitFor();
  }, 120_000);
});
