import type { Page } from 'playwright-core';
import { openBrowserSession, signInWithDemo } from './browser';
import type { startStack } from './stack';

/** An ISO 8601 time as the services write it: the screen must never show one raw. */
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Polls `read` until `done` holds of its value (the live stream and the rules keep changing the page). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

/** The Alerts tab's figure, the Active Alerts card's figure and the listed alerts' statuses, read at one moment. */
function alertFigures(page: Page) {
  return page.evaluate(() => {
    const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => /^Alerts \(/.test(t.textContent ?? ''));
    const card = [...document.querySelectorAll('.ant-statistic')].find((s) => s.textContent?.includes('Active Alerts'));
    return {
      tab: Number(/\((\d+)\)/.exec(tab?.textContent ?? '')?.[1]),
      card: Number(card?.querySelector('.ant-statistic-content-value')?.textContent),
      listed: [...document.querySelectorAll('[role="article"]')].map((a) => a.getAttribute('aria-label')),
      statuses: [...document.querySelectorAll('[role="article"] .ant-tag')].map((t) => t.textContent),
    };
  });
}

/**
 * An operator in the browser: Monitoring connects to the live stream, a simulated critical alert
 * appears in the Alerts tab without a reload, and acknowledging it updates it in place.
 */
describe('Monitoring in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ stack, page, close } = await openBrowserSession({ height: 1000, timeoutMs: 20_000 }));
    await page.goto(stack.url);
    await signInWithDemo(page, 'Login as Employee (Limited Access)');
  });
  afterAll(async () => {
    await close?.();
  });

  it('shows measured status, then a simulated critical alert arrives live in the Alerts tab', async () => {
    await page.goto(`${stack.url}/monitoring`);
    await page.getByLabel('Connected').waitFor();
    await page.getByText('System Health').first().waitFor();
    await page.getByText('Data Stream').first().waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    await page.screenshot({ path: `${__dirname}/../test-results/monitoring-dashboard.png` });

    // The alerts card before the simulation: the machine's own sampler may have raised real alerts
    // (a loaded CI machine crosses the CPU threshold), so the simulation is counted on top of them.
    const alertsIn24h = async () => {
      const text =
        (await page
          .getByText(/\d+ in 24h/)
          .first()
          .textContent()) ?? '';
      return Number(/(\d+) in 24h/.exec(text)?.[1] ?? NaN);
    };
    await page
      .getByText(/\d+ in 24h/)
      .first()
      .waitFor();
    const before = await alertsIn24h();
    expect(Number.isFinite(before)).toBe(true);

    // No reload from here on: what appears comes over the stream.
    let reloads = 0;
    page.on('framenavigated', (frame) => frame === page.mainFrame() && reloads++);
    await page.getByRole('tab', { name: /Testing & Simulation/ }).click();
    await page.getByRole('button', { name: 'Simulate Critical Alert' }).click();
    await page.getByRole('tab', { name: /Alerts \(\d+\)/ }).click();
    const alert = page.getByRole('article', { name: 'Simulated critical alert' });
    await alert.waitFor();
    await alert.getByText('CRITICAL', { exact: true }).waitFor();
    await alert.getByLabel('AI Analysis').waitFor();
    // The cards follow at once over the stream: one more alert in 24 h, health critical.
    const deadline = Date.now() + 20_000;
    while ((await alertsIn24h()) < before + 1 && Date.now() < deadline) await page.waitForTimeout(100);
    expect(await alertsIn24h()).toBeGreaterThanOrEqual(before + 1);
    await page.getByText('Critical', { exact: true }).waitFor();
    await page.screenshot({ path: `${__dirname}/../test-results/monitoring-alerts.png` });

    await alert.getByRole('button', { name: 'Acknowledge' }).click();
    await alert.getByText('acknowledged', { exact: false }).first().waitFor();
    expect(reloads).toBe(0);
  }, 120_000);

  it('counts open alerts once for the card and the tab, and a resolved alert leaves the list', async () => {
    await page.getByRole('tab', { name: /Testing & Simulation/ }).click();
    for (const level of ['Low', 'Medium']) {
      await page.getByRole('button', { name: `Simulate ${level} Alert` }).click();
      await page.getByText(`Simulated ${level.toLowerCase()} alert raised`).waitFor();
    }
    await page.getByRole('tab', { name: /Alerts \(\d+\)/ }).click();
    const low = page.getByRole('article', { name: 'Simulated low alert' });
    await low.waitFor();
    await page.getByRole('article', { name: 'Simulated medium alert' }).waitFor();

    await low.getByRole('button', { name: 'Resolve' }).click();
    await low.waitFor({ state: 'detached' });
    const figures = await eventually(
      () => alertFigures(page),
      (f) => f.tab === f.card && f.listed.length === Math.min(f.tab, 10),
    );
    expect(figures.tab).toBe(figures.card);
    expect(figures.listed).toHaveLength(Math.min(figures.tab, 10));
    expect(figures.listed).toContain('Simulated medium alert');
    expect(figures.listed).not.toContain('Simulated low alert');
    expect(figures.statuses).not.toContain('resolved');
    await page.screenshot({ path: `${__dirname}/../test-results/monitoring-after-resolve.png` });
  }, 120_000);

  it("shows the analysis as readable sections, and every time in the reader's locale", async () => {
    // The simulated alerts' AI analysis quotes the time of the sample it read.
    const notes = await page.getByRole('note', { name: 'AI Analysis' }).allTextContents();
    expect(notes.join('\n')).toContain('The latest sample (');
    for (const note of notes) expect(note).not.toMatch(ISO_TIME);

    await page.getByRole('button', { name: 'Enhanced AI Analysis' }).click();
    await page.getByRole('tab', { name: 'AI Insights', selected: true }).waitFor();
    for (const name of ['Summary', 'Trends', 'Anomalies', 'Forecast', 'Alerts', 'Recommendations']) {
      await page.getByRole('region', { name }).waitFor();
    }
    const panel = page.getByRole('tabpanel', { name: 'AI Insights' });
    expect(await panel.textContent()).not.toMatch(ISO_TIME);
    expect(await panel.textContent()).not.toContain('"summary"');
    await page.screenshot({ path: `${__dirname}/../test-results/monitoring-insights.png`, fullPage: true });

    // No line runs off the screen, on a phone either.
    for (const width of [1400, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('region', { name: 'Summary' }).waitFor();
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[role="tabpanel"] *')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
          .map((el) => el.tagName)
          .concat(document.documentElement.scrollWidth > window.innerWidth ? ['document'] : []),
      );
      expect({ width, overflowing }).toEqual({ width, overflowing: [] });
    }
    await page.screenshot({ path: `${__dirname}/../test-results/monitoring-insights-390.png`, fullPage: true });
  }, 120_000);
});
