import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startStack } from './stack';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/** The machine's Chromium (installed by .ci/run from Debian); no browser download. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = CANDIDATES.find((p) => p && existsSync(p));
  if (!executablePath)
    throw new Error("No Chromium found: install Debian's chromium (bash .ci/run does) or set CHROMIUM_PATH");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Signs in from the login screen with a demo quick-fill button and waits for the main layout. */
export async function signInWithDemo(page: Page, quickFill: string): Promise<void> {
  await page.getByRole('button', { name: 'Initialize Demo Users' }).click();
  await page.getByRole('button', { name: quickFill }).click();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

/** The product started fresh and a Chromium page on it; `close` stops both. */
export async function openBrowserSession(opts: { height: number; timeoutMs: number }) {
  const stack = await startStack();
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: opts.height } });
    page.setDefaultTimeout(opts.timeoutMs);
    const opened = browser;
    return {
      stack,
      browser: opened,
      page,
      close: async () => {
        await opened.close();
        await stack.stop();
      },
    };
  } catch (e) {
    await browser?.close();
    await stack.stop();
    throw e;
  }
}

/** Calls the API the way the screens do, with the signed-in user's token. */
export function pageApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('sixa.token')}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    { method, path, body },
  );
}
