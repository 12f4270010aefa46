import type { Locator, Page } from 'playwright-core';
import { openBrowserSession, pageApi as api, signInWithDemo } from './browser';
import type { startStack } from './stack';

const SHOTS = `${__dirname}/../test-results`;

/** Waits until a dialog's opening animation has finished, so that a screenshot shows it as the user does. */
const settled = (dialog: Locator) =>
  dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD' of a local day (the browser runs in this machine's time zone too). */
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localInput = (d: Date) => `${dayKey(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * Staff in the browser: pick a day in the month grid, create an event there, see it in the grid and
 * the day panel, edit it, download it, and delete it after the confirmation; the subscription link;
 * the screen at 1440 and 390 px.
 */
describe('Calendar in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let page: Page;
  let close: (() => Promise<void>) | undefined;
  const now = new Date();
  // The 15th of this month: in the grid whatever today is, and never an overflow day.
  const day = new Date(now.getFullYear(), now.getMonth(), 15);
  const cell = () => page.locator(`[role="gridcell"][data-day="${dayKey(day)}"]`);
  const panel = () => page.getByRole('region', { name: /^Events on / });

  beforeAll(async () => {
    ({ stack, page, close } = await openBrowserSession({ height: 900, timeoutMs: 15_000 }));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(stack.url);
    await signInWithDemo(page, 'Login as Employee (Limited Access)');
  });
  afterAll(async () => {
    await close?.();
  });

  async function openCalendar() {
    await page.goto(`${stack.url}/calendar`);
    await page.getByRole('heading', { name: 'Calendar', exact: true }).waitFor();
    await page.locator('[role="grid"][aria-busy="false"]').waitFor();
  }

  it('creates an event on a day of the month grid, edits it and deletes it after the confirmation', async () => {
    const stamp = Date.now();
    const attendee = `ada.${stamp}@sixa.local`;
    // Another event of the same attendee at an overlapping time: the save warns about it.
    const other = await api(page, 'POST', '/calendar/events', {
      title: 'Board meeting',
      start_time: new Date(day.getFullYear(), day.getMonth(), 15, 9, 30).toISOString(),
      end_time: new Date(day.getFullYear(), day.getMonth(), 15, 10, 30).toISOString(),
      attendees: [attendee],
    });
    expect(other.status).toBe(201);

    await openCalendar();
    await cell().click();
    await expect(cell().getAttribute('aria-selected')).resolves.toBe('true');
    await panel().getByText('Board meeting').waitFor();
    await page.getByRole('button', { name: /^Add event on / }).click();

    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    const create = dialog.getByRole('button', { name: 'Create Event' });
    await expect(create.isDisabled()).resolves.toBe(true);
    // The day's default: 9:00 for an hour.
    await expect(dialog.getByLabel('Start time').inputValue()).resolves.toBe(
      localInput(new Date(day.getFullYear(), day.getMonth(), 15, 9)),
    );
    await dialog.getByLabel('Title').fill('Browser planning');
    await dialog.getByLabel('Description').fill('Plan the next sprint');
    await dialog.getByLabel('Location').fill('Room 2');
    await dialog.getByLabel('Attendees').fill(` ${attendee} , , grace.${stamp}@sixa.local,`);
    await settled(dialog);
    await page.screenshot({ path: `${SHOTS}/calendar-create-1440.png` });
    await create.click();

    await page.getByText('Event created successfully!').waitFor();
    await page.getByText(`Overlaps with "Board meeting"`).waitFor();
    await page.getByText(`for ${attendee}`).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await cell().getByText('Browser planning').waitFor();
    const item = panel().getByRole('article', { name: 'Browser planning' });
    await item.getByText('Plan the next sprint').waitFor();
    await item.getByText('Room 2').waitFor();
    await item.getByText(`${attendee}, grace.${stamp}@sixa.local`).waitFor();
    await page.screenshot({ path: `${SHOTS}/calendar-1440.png` });

    // The .ics, fetched with the token.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: 'Download Browser planning as .ics' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Browser-planning.ics');

    await item.getByRole('button', { name: /Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    await expect(edit.getByLabel('Title').inputValue()).resolves.toBe('Browser planning');
    await edit.getByLabel('Title').fill('Browser planning (moved)');
    await edit.getByLabel('Location').fill('Room 7');
    await edit.getByLabel('Start time').fill(localInput(new Date(day.getFullYear(), day.getMonth(), 15, 14)));
    await edit.getByRole('button', { name: 'Update Event' }).click();
    await page.getByText('Event updated successfully!').waitFor();
    const moved = panel().getByRole('article', { name: 'Browser planning (moved)' });
    await moved.getByText('Room 7').waitFor();
    // The end moved with the start: still one hour.
    const range = await moved.getByRole('img', { name: 'Time' }).locator('..').innerText();
    expect(range).toMatch(/2:00\s?PM\s?[–-]\s?3:00\s?PM|14:00\s?[–-]\s?15:00/);

    await moved.getByRole('button', { name: /Delete/ }).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure you want to delete "Browser planning (moved)"?' });
    await confirm.getByText('This action cannot be undone.').waitFor();
    await settled(confirm);
    await page.screenshot({ path: `${SHOTS}/calendar-delete-1440.png` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Event "Browser planning (moved)" has been successfully deleted.').waitFor();
    await moved.waitFor({ state: 'detached' });
    await expect(cell().getByText('Browser planning (moved)').count()).resolves.toBe(0);
  }, 120_000);

  it('moves through the days with the keys and through the months with the buttons', async () => {
    await openCalendar();
    await cell().click();
    await page.keyboard.press('ArrowRight');
    const next = page.locator(
      `[role="gridcell"][data-day="${dayKey(new Date(day.getFullYear(), day.getMonth(), 16))}"]`,
    );
    await expect(next.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(next.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
    await page.getByRole('button', { name: 'Next month' }).click();
    await page
      .getByRole('heading', { name: month.format(new Date(now.getFullYear(), now.getMonth() + 1, 1)) })
      .waitFor();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await page.getByRole('heading', { name: month.format(now) }).waitFor();
  }, 60_000);

  it('shows the subscription link and makes a new one on Reset link', async () => {
    await openCalendar();
    await page.getByRole('button', { name: /Subscribe/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to your calendar' });
    const link = dialog.getByRole('textbox', { name: 'Calendar link' });
    await link.waitFor();
    const first = await link.inputValue();
    expect(first).toMatch(/^https?:\/\/.+/);
    await settled(dialog);
    await page.screenshot({ path: `${SHOTS}/calendar-subscribe-1440.png` });
    await expect(dialog.getByRole('link', { name: /Open in calendar app/ }).getAttribute('href')).resolves.toMatch(
      /^webcal:\/\//,
    );
    // The feed answers without a sign-in, as calendar apps fetch it.
    const feed = await page.evaluate(async (url) => {
      const res = await fetch(new URL(new URL(url).pathname + new URL(url).search, location.href));
      return { status: res.status, text: await res.text() };
    }, first);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('BEGIN:VCALENDAR');

    await dialog.getByRole('button', { name: /Reset link/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Reset link' }).click();
    await page.waitForFunction(([el, before]) => (el as HTMLInputElement).value !== before, [
      await link.elementHandle(),
      first,
    ] as const);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  }, 60_000);

  it('fits a 390 px phone: seven compact columns and the day panel below', async () => {
    await api(page, 'POST', '/calendar/events', {
      title: 'Phone check',
      start_time: new Date(day.getFullYear(), day.getMonth(), 15, 11).toISOString(),
      end_time: new Date(day.getFullYear(), day.getMonth(), 15, 12).toISOString(),
      location: 'Room 3',
    });
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openCalendar();
      await cell().click();
      const item = panel().getByRole('article', { name: 'Phone check' });
      await item.waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(1);
      const header = page.getByRole('columnheader');
      await expect(header.count()).resolves.toBe(7);
      // Dots, not titles, in the cells; the panel under the grid.
      await expect(cell().getByText('Phone check').count()).resolves.toBe(0);
      const gridBox = await page.getByRole('grid').boundingBox();
      const panelBox = await panel().boundingBox();
      expect(gridBox!.x + gridBox!.width).toBeLessThanOrEqual(390);
      expect(panelBox!.y).toBeGreaterThan(gridBox!.y + gridBox!.height);
      await page.screenshot({ path: `${SHOTS}/calendar-390.png` });
      await item.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/calendar-390-panel.png` });

      await page.getByRole('button', { name: /New Event/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Event' });
      await settled(dialog);
      await page.screenshot({ path: `${SHOTS}/calendar-create-390.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  }, 60_000);
});
