import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { openBrowserSession, signInWithDemo } from './browser';
import type { startStack } from './stack';

/** The screens a signed-in user reaches: their code has no business on the login page. */
const SIGNED_IN_CHUNKS =
  /\/(workspace|MainLayout|DashboardPage|LeadsPage|QuotesPage|MonitoringPage|UsersPage|SettingsPage)-/;

/**
 * Signing in from the address bar, and what the first visit to /login fetches: sign-in lands where
 * the user was going (or the dashboard), and the login page loads none of the signed-in screens'
 * code, every script compressed and cached for good (the sizes are measured by `npm run bench -- web`).
 */
describe('Sign-in and the first load in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let browser: Browser;
  let close: (() => Promise<void>) | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    ({ stack, browser, close } = await openBrowserSession({ height: 900, timeoutMs: 15_000 }));
  });
  afterAll(async () => {
    await close?.();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  /** A signed-out visitor with an empty cache. */
  async function freshPage(): Promise<Page> {
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  it('signs in at /login and lands on the dashboard, not on "Page not found"', async () => {
    const page = await freshPage();
    await page.goto(`${stack.url}/login`);
    await signInWithDemo(page, 'Login as Employee (Limited Access)');

    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByText('Page not found').count()).toBe(0);
    await page.screenshot({ path: `${__dirname}/../test-results/sign-in-dashboard.png` });
  });

  it('sends a signed-out visit of /leads to /login, and after sign-in on to /leads', async () => {
    const page = await freshPage();
    await page.goto(`${stack.url}/leads`);
    await page.waitForURL(`${stack.url}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.screenshot({ path: `${__dirname}/../test-results/sign-in-login.png` });

    await signInWithDemo(page, 'Login as Employee (Limited Access)');
    await page.waitForURL(`${stack.url}/leads`);
    await page.getByRole('button', { name: 'Add Lead' }).waitFor();
    expect(await page.getByText('Page not found').count()).toBe(0);
  });

  it('loads /login without the signed-in screens, its scripts in brotli and cached for good', async () => {
    const page = await freshPage();
    const scripts: Response[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await page.goto(`${stack.url}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');

    const onLogin = scripts.splice(0);
    expect(onLogin.length).toBeGreaterThan(0);
    for (const res of onLogin) {
      const headers = await res.allHeaders();
      expect({ url: res.url(), encoding: headers['content-encoding'] }).toEqual({ url: res.url(), encoding: 'br' });
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(headers['vary']).toMatch(/accept-encoding/i);
    }
    expect(onLogin.map((res) => res.url()).filter((url) => SIGNED_IN_CHUNKS.test(url))).toEqual([]);
    const index = await page.request.get(`${stack.url}/login`);
    expect(index.headers()['cache-control']).toBe('no-cache');

    // The shell (the workspace chunk) and the dashboard come with sign-in, as chunks of their own.
    await signInWithDemo(page, 'Login as Employee (Limited Access)');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const afterSignIn = scripts.map((res) => new URL(res.url()).pathname);
    expect(afterSignIn).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/workspace-/)]));
    expect(afterSignIn).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/DashboardPage-/)]));
  });

  /**
   * What the leads list does not need: the form engine (with its validation) and antd's Tree come
   * with the pages that use them (see antdOnDemand in web/vite.config.ts). Each is recognised by a
   * text only its code holds; the check that they still load where needed is the form and filter
   * tests of those pages.
   */
  it('loads /leads without the form engine or the tree', async () => {
    const page = await freshPage();
    await page.goto(`${stack.url}/login`);
    await signInWithDemo(page, 'Login as Employee (Limited Access)');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const scripts: Response[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await page.getByRole('link', { name: 'Lead Generation' }).first().click();
    await page.getByRole('button', { name: 'Add Lead' }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(scripts.map((res) => new URL(res.url()).pathname)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/LeadsPage-/),
        expect.stringMatching(/^\/assets\/table-/),
      ]),
    );
    const found: string[] = [];
    for (const res of scripts) {
      const code = await res.text();
      if (code.includes('Validation error on field')) found.push(`form engine in ${new URL(res.url()).pathname}`);
      if (code.includes('motionNodes')) found.push(`tree in ${new URL(res.url()).pathname}`);
    }
    expect(found).toEqual([]);

    // Opening the form brings the engine: the lead form still validates what is typed.
    await page.getByRole('button', { name: 'Add Lead' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('not-an-address');
    await dialog.getByText('Please enter a valid email address').waitFor();
  });
});
