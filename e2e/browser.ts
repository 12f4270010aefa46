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

/** How long the first screen of a fresh browser may take to appear. */
export const FIRST_SCREEN_MS = 60_000;

/** Signs in from the login screen with a demo quick-fill button and waits for the main layout. */
export async function signInWithDemo(page: Page, quickFill: string): Promise<void> {
  // A fresh browser's first screen parses the whole client: on a loaded machine that alone can take
  // longer than a step's usual time, so the first wait has its own.
  await page.getByRole('button', { name: 'Initialize Demo Users' }).click({ timeout: FIRST_SCREEN_MS });
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

/** What axe-core reports of one rule broken on the page. */
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

declare global {
  interface Window {
    axe?: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
  }
}

/**
 * Waits until the screen is still: nothing loading (spinners, skeletons) and no animation or
 * transition running (a dialog fading in would show its text at part of its contrast).
 */
export async function settled(page: Page, timeoutMs = 15_000): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.ant-spin-spinning, .ant-skeleton-active') &&
        // Endless ones (a live dot's pulse, a sync icon's spin) never end: only the others are waited for.
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { polling: 100, timeout: timeoutMs },
    )
    // Something that loads for good (a panel waiting on a service) is checked as it is by then.
    .catch(() => undefined);
}

/**
 * axe-core's serious and critical violations on the page as it is now (WCAG 2.x A and AA and best
 * practice), one line per rule and element: `where: rule (impact) at target: help`. The page must
 * be opened in a context with `bypassCSP: true` (the client's CSP allows no injected script).
 */
export async function seriousA11yViolations(page: Page, where: string): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: require.resolve('axe-core') });
  const violations = await page.evaluate(async () => {
    const result = await window.axe!.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${where}: ${v.id} (${v.impact}) at ${node.target.map(String).join(' ')}: ${v.help}` +
          (node.failureSummary ? ` [${node.failureSummary.replace(/\s+/g, ' ').trim()}]` : ''),
      ),
    );
}
