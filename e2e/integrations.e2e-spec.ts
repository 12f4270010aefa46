import type { Page } from 'playwright-core';
import { openBrowserSession, signInWithDemo } from './browser';
import type { startStack } from './stack';

const SHOTS = `${__dirname}/../test-results`;
/** The stack's sandbox provider makes 50 contacts; the first is Ada Lovelace 1 at Northwind. */
const CONTACTS = 50;
const FIRST_CONTACT_EMAIL = 'ada.lovelace.1@northwind.example';

/**
 * The Integrations Hub against the real integrations service and the sandbox provider: the Sandbox
 * CRM connected through its consent page (Approve in the popup), a Manual Sync of its contacts seen
 * to succeed in Analytics, and the contacts as leads in the Leads screen.
 */
describe('Integrations Hub in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let page: Page;
  let close: (() => Promise<void>) | undefined;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ stack, page, close } = await openBrowserSession({ height: 1000, timeoutMs: 20_000 }));
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await close?.();
  });

  it('connects the Sandbox CRM through its consent page, syncs its contacts and shows them as leads', async () => {
    await page.goto(stack.url);
    await signInWithDemo(page, 'Login as Admin (Full Access)');
    await page.goto(`${stack.url}/integrations`);
    await page.getByRole('heading', { name: 'Integrations Hub' }).waitFor();

    // Empty until the samples are there.
    await page.getByText('No platforms found').waitFor();
    await page.getByText('Initialize sample data to see available platforms').waitFor();
    await page.getByRole('button', { name: 'Initialize Sample Data' }).click();
    const crmCard = page.getByRole('article', { name: 'Sandbox CRM' });
    await crmCard.waitFor();
    await page.getByRole('article', { name: 'Sandbox Marketing' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/integrations-platforms.png` });

    // The category chips filter the cards.
    await page.getByRole('button', { name: 'Marketing', exact: true }).click();
    await crmCard.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await crmCard.waitFor();

    // Connect: the consent page opens in a popup, the hub waits for it.
    await crmCard.getByRole('button', { name: 'Connect Sandbox CRM' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect to Sandbox CRM' });
    await dialog.getByLabel('Connection Name').fill('Sales CRM');
    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Continue to Sandbox CRM' }).click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Approve' }).waitFor();
    await dialog.getByText('Waiting for you to approve in the Sandbox CRM window…').waitFor();
    await page.screenshot({ path: `${SHOTS}/integrations-waiting.png` });
    await popup.screenshot({ path: `${SHOTS}/integrations-consent.png` });
    const popupClosed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Approve' }).click();
    await popupClosed;
    await page.getByText('Connected to Sandbox CRM').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The card now says Connected; My Connections lists it, never synced.
    await crmCard.getByText('Connected', { exact: true }).waitFor();
    await crmCard.getByRole('button', { name: 'Disconnect Sandbox CRM' }).waitFor();
    await page.getByRole('tab', { name: /My Connections/ }).click();
    const row = page.getByRole('row', { name: /Sales CRM/ });
    await row.getByText('Connected', { exact: true }).waitFor();
    await row.getByText('Never').waitFor();
    await page.screenshot({ path: `${SHOTS}/integrations-connections.png` });

    // Manual Sync: Start Sync waits for a connection; then the job's progress until it succeeds.
    await page.getByRole('button', { name: 'Manual Sync' }).click();
    const sync = page.getByRole('dialog', { name: 'Manual Sync' });
    const start = sync.getByRole('button', { name: 'Start Sync' });
    expect(await start.isDisabled()).toBe(true);
    await sync.getByLabel('Connection').click();
    await page.locator('.ant-select-item-option', { hasText: 'Sales CRM (Sandbox CRM)' }).click();
    expect(await start.isDisabled()).toBe(false);
    await start.click();
    const progress = page.getByRole('dialog', { name: 'Sync Progress' });
    await progress.getByText('Success', { exact: true }).waitFor({ timeout: 30_000 });
    await progress.getByText(`${CONTACTS} records processed`).waitFor();
    await page.screenshot({ path: `${SHOTS}/integrations-sync-progress.png` });
    await progress.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await progress.waitFor({ state: 'hidden' });

    // The connection's figures move; Analytics shows the job succeeded.
    await row.getByText('Success: 1').waitFor();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByRole('group', { name: 'Total Connections' }).getByText('1', { exact: true }).waitFor();
    const jobRow = page.getByRole('row', { name: /Sandbox CRM.*Success/ });
    await jobRow.getByText(`${CONTACTS} / ${CONTACTS}`).waitFor();
    await page.getByRole('progressbar', { name: 'Success rate 100%' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/integrations-analytics.png` });
    await jobRow.getByRole('button', { name: /Record log/ }).click();
    const log = page.getByRole('dialog', { name: 'Sync Job Record Log' });
    await log.getByText(`${CONTACTS} processed · ${CONTACTS} brought in · 0 failed`).waitFor();
    await page.screenshot({ path: `${SHOTS}/integrations-record-log.png` });
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'hidden' });

    // The contacts are leads.
    await page.getByRole('menuitem', { name: 'Lead Generation' }).click();
    await page.waitForURL('**/leads');
    await page.getByLabel('Search leads').fill(FIRST_CONTACT_EMAIL);
    await page.getByText(FIRST_CONTACT_EMAIL).first().waitFor();
    await page.getByText('Ada Lovelace 1', { exact: true }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/integrations-leads.png` });

    expect(errors).toEqual([]);
  });
});
