import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, pageApi as api } from './browser';
import { startStack } from './stack';

const SHOTS = `${__dirname}/../test-results`;
const ADMIN = 'Login as Admin (Full Access)';
const EMPLOYEE = 'Login as Employee (Limited Access)';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not shown`);
  return found;
}

/** Whatever the page scrolls sideways: the document, or any table's own scroller. */
function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) found.push(`document ${doc.scrollWidth}px in ${doc.clientWidth}px`);
    for (const el of document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body, .ant-table')) {
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.className} ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
    return found;
  });
}

/** The element a user's click at the centre of `locator` reaches: true when nothing covers it. */
function reachable(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && (el === hit || el.contains(hit));
  });
}

const LONG = 'Maximiliana Alexandrina Wolfeschlegelsteinhausen-Bergerdorff';

/**
 * The shell and the list screens at the sizes people use: no table needs sideways scrolling from
 * 1280 px up, errors and the chat button hide nothing, phones get a navigation drawer, a user menu,
 * the key columns and a chat panel that fits; the assistant's real availability is shown.
 */
describe('Layout of the workspace in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let browser: Browser;
  const draftQuotes: string[] = [];

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium();
    // Enough rows (long names included) that the lists need their full width and more than a screen.
    const page = await open(1440, 900, ADMIN);
    for (let i = 0; i < 11; i++) {
      const made = await api(page, 'POST', '/users', {
        name: `${LONG} ${i}`,
        email: `${LONG.toLowerCase().replace(/[^a-z]/g, '')}.${i}@a-very-long-company-domain.example.com`,
        password: 'Layout-pass-1',
      });
      expect(made.status).toBe(201);
    }
    // Quotes whose title and customer need all of their columns' width; drafts, so with Send and Edit.
    expect((await api(page, 'POST', '/quotes/init-sample-data')).status).toBeLessThan(300);
    const products = (await api(page, 'GET', '/products-services')).body as Array<{ id: string }>;
    for (let i = 0; i < 3; i++) {
      const made = await api(page, 'POST', '/quotes', {
        title: `${LONG} rollout ${i}`,
        customer_name: `${LONG} ${i}`,
        customer_email: `${LONG.toLowerCase().replace(/[^a-z]/g, '')}.${i}@a-very-long-company-domain.example.com`,
        line_items: [{ product_service_id: products[0].id, quantity: 12 }],
        tax_settings: { tax_rate: 7.25 },
        created_by: 'current_user',
      });
      expect(made.status).toBe(201);
      draftQuotes.push(made.body.quote_number);
    }
    for (let i = 0; i < 3; i++) {
      const made = await api(page, 'POST', '/leads', {
        name: `${LONG} ${i}`,
        email: `lead.${i}.${Date.now()}@a-very-long-company-domain.example.com`,
        company: 'International Business Consolidated Holdings and Subsidiaries Worldwide',
        source: 'Conference',
      });
      expect(made.status).toBe(201);
    }
    await page.close();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function open(width: number, height: number, who: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } });
    page.setDefaultTimeout(20_000);
    await page.goto(stack.url);
    if (who === ADMIN || who === EMPLOYEE) {
      await page.getByRole('button', { name: 'Initialize Demo Users' }).click();
      await page.getByRole('button', { name: who }).click();
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('banner').waitFor();
      await page
        .getByLabel(/^Account menu of|^Logout$/)
        .first()
        .waitFor();
    }
    return page;
  }

  it.each([
    [1280, 800],
    [1440, 900],
    // Below the spec's 1280 px too: the sidebar still open, less room for the tables.
    [1024, 768],
  ])('shows every list whole at %i px: no sideways scrolling, every action in view', async (width, height) => {
    const page = await open(width, height, ADMIN);
    for (const [path, heading] of [
      ['/users', 'User Management'],
      ['/leads', 'Lead Generation'],
      ['/quotes', 'Quoting Tool'],
      ['/monitoring', 'Network Monitoring'],
    ]) {
      await page.goto(`${stack.url}${path}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.locator('.ant-table-row, .ant-table-placeholder').first().waitFor();
      expect({ path, scrolling: await sidewaysScrolling(page) }).toEqual({ path, scrolling: [] });
      await page.screenshot({ path: `${SHOTS}/layout-${path.slice(1)}-${width}.png` });
    }
    // The users' row actions are whole and inside the table (the defect showed 'Delet…').
    await page.goto(`${stack.url}/users`);
    const row = page.getByRole('row').filter({ hasText: `${LONG} 10` });
    const table = await box(page.locator('.ant-table').first());
    for (const name of ['Deactivate', 'Edit', 'Delete']) {
      const button = await box(row.getByRole('button', { name, exact: true }));
      expect(button.x + button.width).toBeLessThanOrEqual(table.x + table.width);
    }
    // So are a draft quote's (the defect: the quotes table scrolled 1008 px in 926 px at 1280 px).
    await page.goto(`${stack.url}/quotes`);
    const quoteRow = page.getByRole('row').filter({ hasText: draftQuotes[0] });
    const quotes = await box(page.locator('.ant-table').first());
    for (const name of [/View$/, /Send$/, /Edit$/]) {
      const button = await box(quoteRow.getByRole('button', { name }));
      expect(button.x + button.width).toBeLessThanOrEqual(quotes.x + quotes.width);
    }
    await page.close();
  });

  it('shows an error under the header, covering neither the header nor the screen', async () => {
    const page = await open(1440, 900, ADMIN);
    const doomed = await api(page, 'POST', '/users', {
      name: 'Gone Soon',
      email: `gone.${Date.now()}@example.com`,
      password: 'Layout-pass-1',
    });
    await page.goto(`${stack.url}/users`);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('Gone Soon');
    const row = page.getByRole('row').filter({ hasText: 'Gone Soon' });
    await row.waitFor();
    // Someone else deletes the user meanwhile: deactivating it fails with the server's reason.
    expect((await api(page, 'DELETE', `/users/${doomed.body.id}`)).status).toBe(204);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'User not found' });
    await notice.waitFor();
    await page.screenshot({ path: `${SHOTS}/layout-error-1440.png` });

    const header = page.getByRole('banner');
    for (const control of [header.getByRole('button', { name: 'Logout' }), header.getByText('Admin User')]) {
      expect(overlaps(await box(notice), await box(control))).toBe(false);
      expect(await reachable(control)).toBe(true);
    }
    for (const content of [
      page.getByRole('heading', { name: 'User Management' }),
      page.getByRole('button', { name: 'Add User' }),
    ]) {
      expect(await reachable(content)).toBe(true);
    }
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.close();
  });

  it('keeps the last row and the pager clear of the chat button once scrolled to the end', async () => {
    const page = await open(1440, 900, ADMIN);
    await page.goto(`${stack.url}/users`);
    await page.locator('.ant-pagination').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const chat = await box(page.getByRole('button', { name: 'Open AI assistant' }));
    const lastRow = page.locator('.ant-table-tbody tr.ant-table-row').last();
    expect(overlaps(await box(lastRow), chat)).toBe(false);
    expect(overlaps(await box(page.locator('.ant-pagination')), chat)).toBe(false);
    expect(await reachable(lastRow.getByRole('button', { name: 'Delete' }))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/layout-users-end-1440.png` });
    await page.close();
  });

  it("shows the assistant's real availability: active while it answers, unavailable while it is down", async () => {
    let page = await open(1440, 900, EMPLOYEE);
    let header = page.getByRole('banner');
    await header.getByText('AI Active').waitFor();
    await page.getByRole('button', { name: 'Open AI assistant' }).click();
    let chat = page.getByRole('dialog', { name: 'SIXA AI Assistant' });
    await chat.getByText('Online', { exact: true }).waitFor();
    await page.close();

    await stack.stopAssistant();
    try {
      page = await open(1440, 900, EMPLOYEE);
      header = page.getByRole('banner');
      await header.getByText('AI unavailable').waitFor();
      expect(await header.getByText('AI Active').count()).toBe(0);
      await page.getByRole('button', { name: 'Open AI assistant' }).click();
      chat = page.getByRole('dialog', { name: 'SIXA AI Assistant' });
      await chat.getByText('Offline', { exact: true }).waitFor();
      expect(await chat.getByText('Online', { exact: true }).count()).toBe(0);
      await chat.getByText(/SIXA could not be reached/).waitFor();
      await page.screenshot({ path: `${SHOTS}/layout-chat-offline-1440.png` });
      await page.close();
    } finally {
      await stack.startAssistant();
    }
  });

  it.each([
    ['admin', ADMIN],
    ['employee', EMPLOYEE],
  ])('fits a 390 px phone as the %s: drawer, user menu, key columns, chat panel', async (role, who) => {
    const page = await open(390, 844, who);
    const content = page.locator('main.ant-layout-content');
    // No sidebar squeezing the screen: the content has the phone's whole width.
    expect(await page.locator('aside.ant-layout-sider').count()).toBe(0);
    expect((await box(content)).width).toBe(390);
    await page.screenshot({ path: `${SHOTS}/layout-phone-${role}-home.png` });

    // The navigation slides over the screen, and closes once an entry is picked.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.locator('.ant-drawer-section');
    await drawer.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.waitForFunction(() => document.querySelector('.ant-drawer-section')?.getBoundingClientRect().left === 0);
    expect((await box(content)).width).toBe(390);
    await page.screenshot({ path: `${SHOTS}/layout-phone-${role}-drawer.png` });
    await drawer.getByRole('menuitem', { name: 'Lead Generation' }).click();
    await page.waitForURL('**/leads');
    await drawer.waitFor({ state: 'hidden' });

    // Leads: the lead, its status and its actions, without sideways scrolling.
    const leadRow = page.getByRole('row').filter({ hasText: `${LONG} 0` });
    await leadRow.waitFor();
    expect(await sidewaysScrolling(page)).toEqual([]);
    for (const header of ['Lead', 'Status']) await page.getByRole('columnheader', { name: header }).waitFor();
    const leadActions = leadRow.getByRole('button', { name: `Actions for ${LONG} 0` });
    const actionsBox = await box(leadActions);
    expect(actionsBox.x + actionsBox.width).toBeLessThanOrEqual(390);
    await leadActions.click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/layout-phone-${role}-leads.png` });
    await page.keyboard.press('Escape');

    if (role === 'admin') {
      await page.goto(`${stack.url}/users`);
      const userRow = page.getByRole('row').filter({ hasText: `${LONG} 10` });
      await userRow.waitFor();
      expect(await sidewaysScrolling(page)).toEqual([]);
      for (const header of ['User', 'Status']) await page.getByRole('columnheader', { name: header }).waitFor();
      await userRow.getByText('Active', { exact: true }).waitFor();
      await userRow.getByRole('button', { name: `Actions for ${LONG} 10` }).click();
      for (const name of ['Deactivate', 'Edit', 'Delete']) await page.getByRole('menuitem', { name }).waitFor();
      await page.screenshot({ path: `${SHOTS}/layout-phone-admin-users.png` });
      await page.keyboard.press('Escape');
    }

    // Quotes: the quote, its status and its actions, without sideways scrolling.
    await page.goto(`${stack.url}/quotes`);
    const quoteRow = page.getByRole('row').filter({ hasText: draftQuotes[0] });
    await quoteRow.waitFor();
    expect(await sidewaysScrolling(page)).toEqual([]);
    for (const header of ['Quote', 'Status']) await page.getByRole('columnheader', { name: header }).waitFor();
    await quoteRow.getByText('draft', { exact: true }).waitFor();
    const quoteActions = quoteRow.getByRole('button', { name: `Actions for ${draftQuotes[0]}` });
    const quoteActionsBox = await box(quoteActions);
    expect(quoteActionsBox.x + quoteActionsBox.width).toBeLessThanOrEqual(390);
    await quoteActions.click();
    for (const name of ['View', 'Send', 'Edit']) await page.getByRole('menuitem', { name }).waitFor();
    await page.screenshot({ path: `${SHOTS}/layout-phone-${role}-quotes.png` });
    await page.keyboard.press('Escape');

    await page.goto(`${stack.url}/monitoring`);
    await page.getByText('Dependency Probes').waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    expect(await sidewaysScrolling(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/layout-phone-${role}-monitoring.png`, fullPage: true });

    // The chat panel opens inside the screen, its input in reach.
    await page.getByRole('button', { name: 'Open AI assistant' }).click();
    const chat = page.getByRole('dialog', { name: 'SIXA AI Assistant' });
    const panel = await box(chat);
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.y).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    expect(panel.y + panel.height).toBeLessThanOrEqual(844);
    expect(await reachable(chat.getByRole('textbox', { name: 'Message' }))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/layout-phone-${role}-chat.png` });
    await page.getByRole('button', { name: 'Close AI assistant' }).click();

    // The user's menu stays in reach in the header, with Logout.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu of/ })
      .click();
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await logout.waitFor();
    await page.screenshot({ path: `${SHOTS}/layout-phone-${role}-user-menu.png` });
    // On a loaded machine a click during the menu's opening animation can be lost: click again while
    // the item is still there (a click that did register closes the menu, and this stops).
    for (let i = 0; i < 3 && !page.url().endsWith('/login'); i++) {
      if (await logout.isVisible()) await logout.click();
      await page.waitForURL('**/login', { timeout: 10_000 }).catch(() => undefined);
    }
    await page.waitForURL('**/login', { timeout: 5_000 });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.close();
  });
});
