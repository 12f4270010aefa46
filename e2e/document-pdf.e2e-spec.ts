import type { Page } from 'playwright-core';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openBrowserSession, pageApi, signInWithDemo } from './browser';
import type { startStack } from './stack';

const run = promisify(execFile);
const SHOTS = join(__dirname, '..', 'test-results');
const TITLE = 'Proposal for Fabrikam';
const SIGNER = 'lukas.weber@fabrikam.de';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A table row as one line of the PDF's text: its cells in order, spaced out (pdftotext -layout). */
const rowLine = (cells: string[]) => new RegExp(`^${cells.map(escape).join('\\s+')}$`);

/** The token of the signed-in user (the screens keep it in localStorage). */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('sixa.token'));

/**
 * What the customer signs is the document: the sample proposal (headings, a priced table) is sent,
 * signed, and page 1 of its signed PDF shows what its Content tab shows. Both pictures are kept in
 * test-results/ (and copied to $EVIDENCE_DIR when set) to be looked at side by side.
 */
describe('the signed PDF beside the Content tab', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ stack, page, close } = await openBrowserSession({ height: 1000, timeoutMs: 20_000 }));
    await page.goto(stack.url);
    await signInWithDemo(page, 'Login as Admin (Full Access)');
  });
  afterAll(async () => {
    await close?.();
  });

  it('prints page 1 of the signed sample proposal as its Content tab shows it', async () => {
    await mkdir(SHOTS, { recursive: true });
    expect((await pageApi(page, 'POST', '/documents/initialize-sample-data')).status).toBe(200);
    const found = await pageApi(page, 'GET', `/documents?q=${encodeURIComponent(TITLE)}`);
    const doc = (found.body as Array<{ id: string; title: string }>).find((d) => d.title === TITLE)!;
    const sent = await pageApi(page, 'POST', `/documents/${doc.id}/send-for-signature`, {
      signers: [{ name: 'Lukas Weber', email: SIGNER, role: 'customer' }],
    });
    expect(sent.status).toBe(200);

    // The customer signs from the link in their e-mail.
    let link: string | undefined;
    for (let tries = 0; !link && tries < 80; tries++) {
      for (const name of await readdir(stack.mailOutboxDir)) {
        const mail = await readFile(join(stack.mailOutboxDir, name), 'utf8');
        if (mail.includes(`To: ${SIGNER}`)) link = /\/sign\/([\w-]+\.[\w-]+)/.exec(mail)?.[1];
      }
      if (!link) await new Promise((r) => setTimeout(r, 250));
    }
    expect(link).toBeDefined();
    const signed = await fetch(`${stack.url}/api/documents/signing/${link}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        full_name: 'Lukas Weber',
        signature_type: 'typed',
        signature: 'Lukas Weber',
        consent: true,
      }),
    });
    expect(signed.status).toBe(200);

    // Page 1 of the signed PDF, as a picture and as text.
    const pdf = await fetch(`${stack.url}/api/documents/${doc.id}/signed-pdf`, {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    expect(pdf.status).toBe(200);
    const pdfPath = join(SHOTS, 'signed-proposal.pdf');
    await writeFile(pdfPath, Buffer.from(await pdf.arrayBuffer()));
    await run('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfPath,
      join(SHOTS, 'signed-pdf-page1'),
    ]);
    const { stdout } = await run('pdftotext', ['-layout', '-f', '1', '-l', '1', pdfPath, '-']);
    const printed = stdout.split('\n').map((l) => l.trim());

    // The Content tab of the same document.
    await page.goto(`${stack.url}/documents?tab=documents&document=${doc.id}`);
    const drawer = page.getByRole('dialog').filter({ hasText: TITLE });
    await drawer.getByRole('tab', { name: 'Content' }).click();
    const frame = drawer.locator(`iframe[title="Content of ${TITLE}"]`);
    const content = drawer.frameLocator(`iframe[title="Content of ${TITLE}"]`);
    await content.getByRole('heading', { name: 'Pricing' }).waitFor();
    await frame.screenshot({ path: join(SHOTS, 'document-content-tab.png') });

    // The same headings and table rows, with the same figures, in the same order, in both.
    const rows = await content
      .getByRole('row')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent!.trim())));
    expect(rows).toContainEqual(['AI Assistant Add-on', '3', '$900.00', '$0.00', '$2,700.00']);
    const headings = await content.getByRole('heading').allTextContents();
    expect(headings).toEqual(['Proposal: CRM rollout for Fabrikam', 'Scope', 'Pricing', 'Terms']);
    for (const heading of headings) expect(printed).toContain(heading);
    for (const row of rows) expect(printed).toContainEqual(expect.stringMatching(rowLine(row)));

    if (process.env.EVIDENCE_DIR) {
      await mkdir(process.env.EVIDENCE_DIR, { recursive: true });
      for (const file of ['signed-pdf-page1.png', 'document-content-tab.png'])
        await copyFile(join(SHOTS, file), join(process.env.EVIDENCE_DIR, file));
    }
  }, 120_000);
});
