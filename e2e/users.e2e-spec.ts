import type { Page } from 'playwright-core';
import { FIRST_SCREEN_MS, openBrowserSession, signInWithDemo } from './browser';
import type { startStack } from './stack';

/**
 * From a fresh database: initialise the demo users, sign in as the admin, add a user in the Users
 * screen and see it in the table; then sign in as the employee and be refused /users.
 */
describe('Users screen in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ stack, page, close } = await openBrowserSession({ height: 900, timeoutMs: 15_000 }));
  });
  afterAll(async () => {
    await close?.();
  });

  it('lets the admin create a user and refuses the employee', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(stack.url);
    await page.getByLabel('Email').waitFor({ timeout: FIRST_SCREEN_MS });
    await signInWithDemo(page, 'Login as Admin (Full Access)');

    await page.getByRole('menuitem', { name: 'User Management' }).click();
    await page.waitForURL('**/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    const email = `browser.${Date.now()}@example.com`;
    await dialog.getByLabel('Name').fill('Browser Made');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('Br0wser-pass');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Browser Made');
    await page.screenshot({ path: `${__dirname}/../test-results/users-admin.png` });

    await page.getByRole('button', { name: 'Logout' }).click();
    await signInWithDemo(page, 'Login as Employee (Limited Access)');
    await expect(page.getByRole('menuitem', { name: 'User Management' }).count()).resolves.toBe(0);
    await page.goto(`${stack.url}/users`);
    await page.getByText('Access Denied').waitFor();
    await page.getByText("You don't have permission to access user management.").waitFor();
    await page.screenshot({ path: `${__dirname}/../test-results/users-employee.png` });
    expect(errors).toEqual([]);
  }, 120_000);
});
