import type { Page } from 'playwright-core';
import { openBrowserSession, signInWithDemo } from './browser';
import type { startStack } from './stack';

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
    // The cards follow at once over the stream: one alert in 24 h, health critical.
    await page.getByText('1 in 24h').waitFor();
    await page.getByText('Critical', { exact: true }).waitFor();
    await page.screenshot({ path: `${__dirname}/../test-results/monitoring-alerts.png` });

    await alert.getByRole('button', { name: 'Acknowledge' }).click();
    await alert.getByText('acknowledged', { exact: false }).first().waitFor();
    expect(reloads).toBe(0);
  }, 120_000);
});
