import { readOutbox, type OutboxMail } from '@sixa/mail';
import { sleep } from '@sixa/testing';
import type { Page } from 'playwright-core';
import { openBrowserSession, pageApi, signInWithDemo } from './browser';
import type { startStack } from './stack';

const SHOTS = `${__dirname}/../test-results`;

/** The first mail to `to` in the stack's outbox (the reset mail goes out before the answer). */
async function mailTo(dir: string, to: string, ms = 10_000): Promise<OutboxMail> {
  const end = Date.now() + ms;
  for (;;) {
    const found = (await readOutbox(dir)).find((m) => m.to === to);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no mail to ${to} within ${ms} ms`);
    await sleep(100);
  }
}

/**
 * The whole password reset as the people involved do it: an admin sends it from Settings › User
 * Management, the user opens the link from the e-mail, sets a new password and signs in with it; the
 * link then no longer works.
 */
describe('password reset by e-mail in the browser', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let page: Page;
  let close: (() => Promise<void>) | undefined;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ stack, page, close } = await openBrowserSession({ height: 900, timeoutMs: 15_000 }));
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await close?.();
  });

  it('is sent by an admin from Settings, and lets the user choose a password and sign in with it', async () => {
    await page.goto(stack.url);
    await signInWithDemo(page, 'Login as Admin (Full Access)');
    const person = {
      username: `reset.${Date.now().toString(36)}`,
      email: `reset.${Date.now().toString(36)}@example.com`,
      full_name: 'Rita Reset',
      role: 'user',
      password: 'Old-password1',
    };
    expect((await pageApi(page, 'POST', '/settings/users', person)).status).toBe(201);

    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings & Configuration' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: person.email });
    await row.getByRole('button', { name: 'Reset Password' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send password reset email to this user?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Send' }).click();
    await page.getByText(`A password reset e-mail was sent to ${person.email}`).waitFor();

    const mail = await mailTo(stack.mailOutboxDir, person.email);
    const link = /(\S+\/reset-password\/[A-Za-z0-9_-]{43})(?:\s|$)/.exec(mail.body)?.[1];
    expect(link?.startsWith(`${stack.url}/reset-password/`)).toBe(true);

    // The user, in a browser of their own (the admin's session is not theirs).
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByText(`For ${person.email}`).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass1');
    await page.getByLabel('Confirm new password').fill('Brand-new-pass1');
    await page.screenshot({ path: `${SHOTS}/password-reset-page.png` });
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password has been changed. Sign in with it.').waitFor();

    await page.getByRole('button', { name: 'Go to Sign In' }).click();
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill('Brand-new-pass1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.getByText('Rita Reset').first().waitFor();
    // The session works beyond sign-in: a screen loads its data.
    expect((await pageApi(page, 'GET', '/auth/me')).body.email).toBe(person.email);

    // The link worked once.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.goto(link!);
    await page.getByRole('alert').getByText('This password reset link has already been used.').waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});
