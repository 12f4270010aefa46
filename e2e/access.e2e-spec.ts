import type { Page } from 'playwright-core';
import { openBrowserSession, pageApi, signInWithDemo } from './browser';
import type { startStack } from './stack';

const SHOTS = `${__dirname}/../test-results`;

/**
 * Who may do what, as people meet it in the browser: the admin cannot open admin-only screens to
 * employees from UI Customization and turns Calendar off for them; an employee then neither sees
 * Calendar nor opens it by its address, and reads the admin's integration connection without being
 * able to change it; a viewer reads every screen of its level with its write buttons turned off.
 */
describe('Who may do what, in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let page: Page;
  let close: (() => Promise<void>) | undefined;
  const errors: string[] = [];
  const viewer = { email: `viewer.${Date.now()}@example.com`, password: 'Sup3r-secret' };

  beforeAll(async () => {
    ({ stack, page, close } = await openBrowserSession({ height: 900, timeoutMs: 20_000 }));
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await close?.();
  });

  const signOut = async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  };
  const sidebar = () => page.getByRole('navigation', { name: 'Main navigation' });

  it('keeps admin-only screens locked for employees, and turns Calendar off for them', async () => {
    await page.goto(stack.url);
    await signInWithDemo(page, 'Login as Admin (Full Access)');
    // The admin's own connection, and a viewer, for the next steps.
    expect((await pageApi(page, 'POST', '/integrations/initialize-sample-data')).status).toBe(200);
    const connected = await pageApi(page, 'POST', '/integrations/api-key-connection', {
      platform_id: 'sandbox-marketing',
      connection_name: 'Admin newsletter',
      api_key: 'sbx_demo_key_0001',
    });
    expect(connected.status).toBe(201);
    const made = await pageApi(page, 'POST', '/users', { name: 'Vic Viewer', role: 'viewer', ...viewer });
    expect(made.status).toBe(201);

    await page.goto(`${stack.url}/settings`);
    await page.getByRole('tab', { name: 'UI Customization' }).click();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByTitle('Employee', { exact: true }).click();
    const team = page.getByRole('switch', { name: 'Show Team Management' });
    await team.waitFor();
    expect(await team.isDisabled()).toBe(true);
    expect(await team.getAttribute('aria-checked')).toBe('false');
    await page.getByText('Admin only: the Employee role cannot open Team Management').waitFor();
    await page.getByRole('switch', { name: 'Show Calendar' }).click();
    await page.getByRole('button', { name: 'Save Menu' }).click();
    await page.getByText('Menu saved for Employee').waitFor();
    await page.screenshot({ path: `${SHOTS}/access-menu-locks.png` });
    await signOut();
  });

  it("shows an employee neither Calendar nor the admin's connection controls", async () => {
    await signInWithDemo(page, 'Login as Employee (Limited Access)');
    await sidebar().getByRole('link', { name: 'Lead Generation' }).waitFor();
    expect(await sidebar().getByRole('link', { name: 'Calendar' }).count()).toBe(0);

    await page.goto(`${stack.url}/calendar`);
    await page.getByRole('heading', { name: 'Calendar is turned off for the Employee role' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/access-turned-off.png` });

    await page.goto(`${stack.url}/integrations`);
    await page.getByRole('tab', { name: /My Connections/ }).click();
    const row = page.getByRole('row', { name: /Admin newsletter/ });
    await row.getByText('Connected by Admin User').waitFor();
    for (const name of ['Sync Now', 'Configure', 'Disconnect']) {
      expect(await row.getByRole('button', { name }).isDisabled()).toBe(true);
    }
    await row.getByRole('button', { name: 'Configure' }).hover({ force: true });
    await page.getByRole('tooltip', { name: 'Only Admin User or an admin can change this connection' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/access-connection-read-only.png` });
    await signOut();
  });

  it('shows a viewer its screens read-only, saying why', async () => {
    await page.getByLabel('Email').fill(viewer.email);
    await page.getByLabel('Password', { exact: true }).fill(viewer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();

    await page.goto(`${stack.url}/leads`);
    await page.getByRole('heading', { name: 'Lead Generation' }).waitFor();
    await page.getByText('Read-only access').waitFor();
    const add = page.getByRole('button', { name: 'Add Lead' });
    expect(await add.isDisabled()).toBe(true);
    await add.hover({ force: true });
    await page.getByRole('tooltip', { name: 'The viewer role is read-only: it cannot make changes.' }).waitFor();
    expect(await sidebar().getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/access-viewer.png` });
    expect(errors).toEqual([]);
  });
});
