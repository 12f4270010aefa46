import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, signInWithDemo } from './browser';
import { startStack } from './stack';

const SHOTS = `${__dirname}/../test-results`;
const EMPLOYEE = 'Login as Employee (Limited Access)';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());
const savedChoice = (page: Page) =>
  page.waitForResponse(
    (res) => res.request().method() === 'PUT' && res.url().endsWith('/api/auth/me/preferences') && res.ok(),
  );

/**
 * Light or dark: the operating system's setting until the user chooses, then the user's choice,
 * kept on their profile on the server (the spec allows only the token and user keys in local storage),
 * so that it survives a reload and follows them to another browser.
 */
describe('Theme choice in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function openWith(colorScheme: 'light' | 'dark'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(stack.url);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    return page;
  }

  it('follows the system until the user chooses, then keeps the choice across reloads and browsers', async () => {
    // A dark system: the login screen and the workspace are dark while nobody has chosen.
    const page = await openWith('dark');
    expect(await isDark(page)).toBe(true);
    await signInWithDemo(page, EMPLOYEE);
    expect(await isDark(page)).toBe(true);

    // The user picks light: it holds after a reload although the system is still dark.
    let saved = savedChoice(page);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    expect(await isDark(page)).toBe(false);
    await saved;
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await isDark(page)).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/theme-light-after-reload.png` });

    // Then dark: kept after a reload, and found in another browser with a light system.
    saved = savedChoice(page);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await saved;
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await isDark(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/theme-dark-after-reload.png` });
    expect(await storedKeys(page)).toEqual(['sixa.token', 'sixa.user']);

    const elsewhere = await openWith('light');
    expect(await isDark(elsewhere)).toBe(false);
    await signInWithDemo(elsewhere, EMPLOYEE);
    await elsewhere.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await storedKeys(elsewhere)).toEqual(['sixa.token', 'sixa.user']);

    // Signed out, the screen follows the system again: the choice belongs to the user, not the browser.
    await elsewhere.getByRole('button', { name: 'Logout' }).click();
    await elsewhere.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await isDark(elsewhere)).toBe(false);
    expect(await storedKeys(elsewhere)).toEqual([]);
  });
});
