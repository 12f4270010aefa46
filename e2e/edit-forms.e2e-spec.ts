import type { Locator, Page } from 'playwright-core';
import { openBrowserSession, pageApi, signInWithDemo } from './browser';
import { EDITABLE_LISTS, named, type Api, type EditableList, type Made } from './edit-forms.lists';
import type { startStack } from './stack';

/** The three ways a user closes a form without saving. */
const CLOSERS = {
  Cancel: (dialog: Locator) => dialog.getByRole('button', { name: 'Cancel', exact: true }).click(),
  x: (dialog: Locator) => dialog.locator('.ant-modal-close').click(),
  Esc: (dialog: Locator) => dialog.page().keyboard.press('Escape'),
};

/**
 * Every list with Edit, as a user goes through it: Edit A and close it (Cancel, x, Esc), Edit B
 * shows B and not what A's form held; a save writes B only (both read back through the API); Edit A
 * after that save shows A; Create after an edit opens empty. One stack for all the lists.
 */
describe('Edit forms in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let page: Page;
  let close: (() => Promise<void>) | undefined;
  const errors: string[] = [];
  const api: Api = async <T>(method: string, path: string, body?: unknown) => {
    const res = await pageApi(page, method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };

  beforeAll(async () => {
    ({ stack, page, close } = await openBrowserSession({ height: 1000, timeoutMs: 15_000 }));
    await page.setViewportSize({ width: 1440, height: 1000 });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(stack.url);
    await signInWithDemo(page, 'Login as Admin (Full Access)');
    // Products for quotes, sample documents, and the integration platforms.
    await api('POST', '/initialize-mock-data');
    await api('POST', '/integrations/initialize-sample-data');
  });
  afterAll(async () => {
    await close?.();
  });

  async function openList(list: EditableList) {
    await page.goto(`${stack.url}${list.path}`);
    if (list.tab) await page.getByRole('tab', { name: list.tab, exact: typeof list.tab === 'string' }).click();
  }

  /** Opens the record's edit form and returns it, once it shows the checked field. */
  async function editForm(list: EditableList, record: Made) {
    await list.edit(page, record);
    const dialog = page.getByRole('dialog', { name: list.editTitle });
    await dialog.getByLabel(list.field, { exact: true }).waitFor();
    return dialog;
  }

  async function closeWith(dialog: Locator, how: keyof typeof CLOSERS) {
    await CLOSERS[how](dialog);
    await dialog.waitFor({ state: 'hidden' });
  }

  const valueIn = (dialog: Locator, list: EditableList) => dialog.getByLabel(list.field, { exact: true }).inputValue();

  it.each(EDITABLE_LISTS.map((list) => [list.name, list] as const))(
    '%s: Edit A, close, Edit B shows B; a save changes B only; Create after an edit opens empty',
    async (_name, list) => {
      const stamp = `${Date.now()}`;
      const a = await list.make(api, `A ${stamp}`, stack);
      const b = await list.make(api, `B ${stamp}`, stack);
      await openList(list);

      let dialog = await editForm(list, a);
      expect(await valueIn(dialog, list)).toBe(a.value);
      await dialog.getByLabel(list.field, { exact: true }).fill(`${a.value} typed, not saved`);
      await closeWith(dialog, 'Cancel');

      dialog = await editForm(list, b);
      expect(await valueIn(dialog, list)).toBe(b.value);
      await closeWith(dialog, 'x');

      dialog = await editForm(list, a);
      expect(await valueIn(dialog, list)).toBe(a.value);
      await closeWith(dialog, 'Esc');

      dialog = await editForm(list, b);
      expect(await valueIn(dialog, list)).toBe(b.value);
      const changed = list.changed(`B ${stamp}`);
      await dialog.getByLabel(list.field, { exact: true }).fill(changed);
      await dialog.locator('.ant-modal-footer').getByRole('button').last().click();
      await dialog.waitFor({ state: 'hidden' });

      expect(await list.read(api, b)).toBe(changed);
      expect(await list.read(api, a)).toBe(a.value);

      // After a save, the other record's form shows that record.
      dialog = await editForm(list, a);
      expect(await valueIn(dialog, list)).toBe(a.value);
      await closeWith(dialog, 'Cancel');

      if (list.create) {
        await page
          .getByRole('button', { name: named(list.create.button) })
          .first()
          .click();
        dialog = page.getByRole('dialog', { name: list.create.title });
        const created = dialog.getByLabel(list.create.field ?? list.field, { exact: true });
        await created.waitFor();
        expect(await created.inputValue()).toBe('');
        await closeWith(dialog, 'Cancel');
      }
      expect(errors).toEqual([]);
    },
    120_000,
  );
});
