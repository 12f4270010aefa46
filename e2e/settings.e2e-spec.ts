import type { Page } from 'playwright-core';
import { FIRST_SCREEN_MS, openBrowserSession, pageApi, signInWithDemo } from './browser';
import type { startStack } from './stack';

const SHOTS = `${__dirname}/../test-results`;
const TABS = [
  'User Management',
  'System Settings',
  'Security & Backup',
  'AI Configuration',
  'Integration Settings',
  'Business Rules',
  'UI Customization',
];

/**
 * The Settings screen against the real settings and auth services: its tabs for an admin and Access
 * Denied for an employee; a password policy set there refused by the Users screen; a menu entry hidden
 * for the employee role gone from an employee's sidebar.
 */
describe('Settings screen in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let page: Page;
  let close: (() => Promise<void>) | undefined;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ stack, page, close } = await openBrowserSession({ height: 1000, timeoutMs: 15_000 }));
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await close?.();
  });

  async function signInAs(quickFill: string) {
    const logout = page.getByRole('button', { name: 'Logout' });
    // A page just opened shows the workspace (a stored session) or the login screen.
    await logout.or(page.getByLabel('Email')).first().waitFor({ timeout: FIRST_SCREEN_MS });
    if (await logout.count()) {
      await page.getByRole('button', { name: 'Logout' }).click();
    }
    await page.getByLabel('Email').waitFor();
    await signInWithDemo(page, quickFill);
  }

  async function openSettings() {
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await page.getByRole('heading', { name: 'Settings & Configuration' }).waitFor();
  }

  it('shows an admin the seven tabs, and an employee Access Denied', async () => {
    await page.goto(stack.url);
    await signInAs('Login as Admin (Full Access)');
    await openSettings();

    expect(await page.getByRole('tab').allTextContents()).toEqual(TABS);
    await page.getByRole('button', { name: 'Initialize Sample Data' }).click();
    await page.getByText('Sample data initialized successfully!').waitFor();
    for (const [index, tab] of TABS.entries()) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel').last().waitFor();
      // Let the tab's data arrive before the picture.
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: `${SHOTS}/settings-${index + 1}-${tab.replace(/\W+/g, '-').toLowerCase()}.png`,
        fullPage: true,
      });
    }

    await signInAs('Login as Employee (Limited Access)');
    await expect(page.getByRole('menuitem', { name: 'Settings' }).count()).resolves.toBe(0);
    await page.goto(`${stack.url}/settings`);
    await page.getByText('Access Denied').waitFor();
    await page.getByText("You don't have permission to access this feature.").waitFor();
    await page.screenshot({ path: `${SHOTS}/settings-employee-denied.png` });
    expect(errors).toEqual([]);
  }, 180_000);

  it('refuses, in the Users screen, a password shorter than the policy set in Security & Backup', async () => {
    await page.goto(stack.url);
    await signInAs('Login as Admin (Full Access)');
    await openSettings();
    await page.getByRole('tab', { name: 'Security & Backup' }).click();
    const length = page.getByLabel('Minimum Password Length');
    await length.fill('12');
    await page.getByRole('button', { name: 'Save Password Policy' }).click();
    await page.getByText('Password policy saved').waitFor();

    // Auth applies the policy from its event within seconds: wait until it refuses (a user made
    // before that is removed again).
    const deadline = Date.now() + 10_000;
    for (;;) {
      const probe = await pageApi(page, 'POST', '/users', {
        name: 'Policy Probe',
        email: `probe.${Date.now()}@example.com`,
        password: 'ten-chars!',
        role: 'employee',
      });
      if (probe.status === 400) break;
      if (probe.status === 201) await pageApi(page, 'DELETE', `/users/${(probe.body as { id: string }).id}`);
      if (Date.now() > deadline) throw new Error(`the policy was not applied: ${JSON.stringify(probe)}`);
      await page.waitForTimeout(250);
    }

    await page.getByRole('menuitem', { name: 'User Management' }).click();
    await page.waitForURL('**/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    const email = `short.${Date.now()}@example.com`;
    await dialog.getByLabel('Name').fill('Short Password');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('0123456789');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('at least 12 characters').waitFor();
    await page.screenshot({ path: `${SHOTS}/settings-policy-refused.png` });
    await expect(page.getByRole('row').filter({ hasText: email }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it("hides Calendar from the employee's sidebar once UI Customization hides it for the role", async () => {
    await page.goto(stack.url);
    await signInAs('Login as Employee (Limited Access)');
    await page.getByRole('menuitem', { name: 'Calendar' }).waitFor();

    await signInAs('Login as Admin (Full Access)');
    await openSettings();
    await page.getByRole('tab', { name: 'UI Customization' }).click();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.locator('.ant-select-item-option[title="Employee"]').click();
    const calendar = page.getByRole('switch', { name: 'Show Calendar' });
    await calendar.waitFor();
    expect(await calendar.getAttribute('aria-checked')).toBe('true');
    await calendar.click();
    await page.getByRole('button', { name: 'Save Menu' }).click();
    await page.getByText('Menu saved for Employee').waitFor();
    await page.screenshot({ path: `${SHOTS}/settings-menu-config.png`, fullPage: true });
    // The admin's own sidebar is the admin role's: Calendar stays.
    await page.getByRole('menuitem', { name: 'Calendar' }).waitFor();

    await signInAs('Login as Employee (Limited Access)');
    await page.getByRole('menuitem', { name: 'Lead Generation' }).waitFor();
    // The sidebar shows every entry until the role's menu has arrived.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Calendar' }).waitFor({
      state: 'detached',
    });
    await expect(page.getByRole('menuitem', { name: 'Calendar' }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/settings-employee-sidebar.png` });
    // Turned off for the role: its address does not open it either, and says why.
    await page.goto(`${stack.url}/calendar`);
    await page.getByRole('heading', { name: 'Calendar is turned off for the Employee role' }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});
