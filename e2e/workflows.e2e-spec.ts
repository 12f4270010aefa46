import type { Locator, Page } from 'playwright-core';
import { openBrowserSession, signInWithDemo } from './browser';
import type { startStack } from './stack';

const shots = `${__dirname}/../test-results`;

/** Waits until a dialog's opening animation has finished, so that a screenshot shows it as the user does. */
const settled = (dialog: Locator) =>
  dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));

/** Waits until a drawer has slid fully in: its left edge where it stops (a phone: the screen's edge). */
async function slidIn(page: Page, drawer: Locator, left: number) {
  await page.waitForFunction(([el, x]) => Math.abs((el as Element).getBoundingClientRect().x - (x as number)) < 1, [
    await drawer.elementHandle(),
    left,
  ] as const);
}

const statShows = (page: Page, title: string, value: string) =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content')
    .filter({ hasText: new RegExp(`^${value}$`) })
    .waitFor();

/**
 * Workflows on the real work service: the admin builds a two-step workflow (create a task, wait)
 * in the editor, executes it, sees the running indicator and the run's result, both steps succeeded
 * in the history drawer, and the task on the Tasks screen; the screen fits a phone.
 */
describe('Workflows in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let page: Page;
  let close: (() => Promise<void>) | undefined;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ stack, page, close } = await openBrowserSession({ height: 1000, timeoutMs: 15_000 }));
    await page.setViewportSize({ width: 1440, height: 1000 });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(stack.url);
    await signInWithDemo(page, 'Login as Admin (Full Access)');
  });
  afterAll(async () => {
    await close?.();
  });

  it('builds a workflow in the editor, executes it, and the run and its task are there', async () => {
    await page.getByRole('menuitem', { name: 'Workflow Automation' }).click();
    await page.waitForURL('**/workflows');
    await statShows(page, 'Total Workflows', '0');
    await page.getByText(/No workflows yet/).waitFor();

    await page.getByRole('button', { name: 'Create Workflow' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('No steps added yet. Click "Add Step" to get started.').waitFor();
    const create = dialog.getByRole('button', { name: 'Create Workflow' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('Prepare the demo');
    await dialog.getByLabel('Description').fill('A task for the team, then a short pause');
    expect(await create.isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Add Step' }).click();
    await dialog.getByLabel('Task title').fill('Book the demo room');
    await dialog.getByLabel('Assignee').fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Add Step' }).click();
    await dialog.getByRole('combobox', { name: 'Action' }).nth(1).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Wait', { exact: true }).click();
    await dialog.getByLabel('Wait (seconds)').fill('1');
    await settled(dialog);
    await page.screenshot({ path: `${shots}/workflows-create.png` });
    // Enabled once the form has taken the name and the steps (waited for, not read at once).
    await dialog.locator('button:not([disabled])', { hasText: 'Create Workflow' }).waitFor();
    await create.click();
    await dialog.waitFor({ state: 'hidden' });

    const card = page.getByRole('article', { name: 'Prepare the demo' });
    await card.getByText('Manual').waitFor();
    await card.getByText('2 steps').waitFor();
    await statShows(page, 'Total Workflows', '1');
    await statShows(page, 'Active', '1');

    await card.getByRole('button', { name: 'Execute' }).click();
    await card.getByRole('button', { name: 'Running…' }).waitFor();
    await page.screenshot({ path: `${shots}/workflows-running-1440.png`, fullPage: true });
    await card.getByText('Run succeeded (2/2 steps)').waitFor({ timeout: 20_000 });
    await card.getByText('Last run succeeded').waitFor();
    await statShows(page, 'Total Executions', '1');
    await statShows(page, 'Avg Success Rate', '100%');
    await page.screenshot({ path: `${shots}/workflows-1440.png`, fullPage: true });

    await card.getByRole('button', { name: 'History of Prepare the demo' }).click();
    const drawer = page.getByRole('dialog', { name: /Run history/ });
    await drawer.getByText('Succeeded').first().waitFor();
    await drawer.getByText('Manual').click();
    const steps = drawer.getByRole('list', { name: 'Run steps' });
    await steps.getByText('Create task').waitFor();
    await steps.getByText('Wait', { exact: true }).waitFor();
    expect(await steps.locator('.ant-tag', { hasText: 'Succeeded' }).count()).toBe(2);
    await settled(drawer);
    await page.screenshot({ path: `${shots}/workflows-history-1440.png` });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('menuitem', { name: 'Task Management' }).click();
    await page.waitForURL('**/tasks');
    const task = page.getByRole('article', { name: 'Book the demo room' });
    await task.getByText('Grace Hopper').waitFor();
  });

  it('fits a phone: cards one under another, the editor and the history usable', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}/workflows`);
    const card = page.getByRole('article', { name: 'Prepare the demo' });
    await card.waitFor();
    const box = await card.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/workflows-390.png`, fullPage: true });

    await card.getByRole('button', { name: 'Edit Prepare the demo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save Changes' }).waitFor();
    await settled(dialog);
    await page.screenshot({ path: `${shots}/workflows-form-390.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'History of Prepare the demo' }).click();
    const drawer = page.getByRole('dialog', { name: /Run history/ });
    await drawer.getByText('Succeeded').first().waitFor();
    await slidIn(page, drawer, 0);
    await drawer.getByText('Manual').click();
    await drawer.locator('.ant-collapse-item-active').waitFor();
    await drawer.getByRole('list', { name: 'Run steps' }).getByText('Create task').waitFor();
    await settled(drawer);
    await page.screenshot({ path: `${shots}/workflows-history-390.png` });
    expect(errors).toEqual([]);
  });
});
