import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, pageApi as api, seriousA11yViolations, settled, signInWithDemo } from './browser';
import { startStack } from './stack';

const SHOTS = `${__dirname}/../test-results`;
const ADMIN = 'Login as Admin (Full Access)';
const EMPLOYEE = 'Login as Employee (Limited Access)';
const MODES = ['light', 'dark'] as const;
type Mode = (typeof MODES)[number];

/** The signer's link in the signature request mailed to `email` (an .eml file in the stack's outbox). */
async function signingLinkFor(outboxDir: string, email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const name of (await readdir(outboxDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))) {
      const mail = await readFile(join(outboxDir, name), 'utf8');
      if (!mail.includes(email)) continue;
      const link = /https?:\/\/\S+?\/sign\/[\w-]+\.[\w-]+/.exec(mail)?.[0];
      if (link) return new URL(link).pathname;
    }
    if (Date.now() > deadline) throw new Error(`No signing e-mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * axe-core on every screen of both specification documents, in light and in dark mode, with sample
 * data in every table, tag and chart, the screens' tabs, a detail drawer and at least one create or
 * edit modal per screen: no violation of impact serious or critical. A failure lists each one (rule,
 * element, what it asks).
 */
describe('Accessibility of every screen (axe-core), light and dark', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let browser: Browser;
  let customerQuotePath = '';
  let signingPath = '';

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium();
    const page = await open('light');
    await signInWithDemo(page, ADMIN);
    for (const seed of [
      '/initialize-mock-data',
      '/quotes/init-sample-data',
      '/documents/initialize-sample-data',
      '/integrations/initialize-sample-data',
      '/settings/initialize-sample-data',
    ])
      expect({ seed, ok: (await api(page, 'POST', seed)).status < 300 }).toEqual({ seed, ok: true });
    const stamp = Date.now();
    const now = new Date();
    for (const [i, source] of ['Website', 'Referral', 'Conference'].entries()) {
      const lead = await api(page, 'POST', '/leads', {
        name: `Ada Lovelace ${i}`,
        email: `ada.${i}.${stamp}@analytical.example`,
        company: 'Analytical Engines',
        source,
      });
      expect(lead.status).toBe(201);
      const task = await api(page, 'POST', '/tasks', {
        title: `Prepare the quarterly review with finance and sales ${i}`,
        priority: ['high', 'medium', 'low'][i],
        due_date: new Date(now.getTime() + (i - 1) * 86_400_000).toISOString(),
        tags: ['review', 'finance'],
      });
      expect(task.status).toBe(201);
      const member = await api(page, 'POST', '/team', {
        name: `Grace Hopper ${i}`,
        email: `grace.${i}.${stamp}@sixa.local`,
        role: 'Engineer',
        department: ['Engineering', 'HR', 'Finance'][i],
      });
      expect(member.status).toBe(201);
      const event = await api(page, 'POST', '/calendar/events', {
        title: `Quarterly planning with the regional sales leads ${i}`,
        start_time: new Date(now.getFullYear(), now.getMonth(), 12, 9 + i).toISOString(),
        end_time: new Date(now.getFullYear(), now.getMonth(), 12, 10 + i).toISOString(),
      });
      expect(event.status).toBe(201);
    }
    const workflow = await api(page, 'POST', '/workflows', {
      name: 'New lead follow-up',
      description: 'Call, then write',
      steps: [{ action: 'create_task', description: 'Call', delay: 0, params: { title: 'Call the lead' } }],
    });
    expect(workflow.status).toBe(201);
    // A quote sent to its customer (their page), and a document out for signature (the signer's page).
    const products = (await api(page, 'GET', '/products-services')).body as Array<{ id: string }>;
    const quote = await api(page, 'POST', '/quotes', {
      title: 'Workspace rollout',
      customer_name: 'Dorothy Vaughan',
      customer_email: `dorothy.${stamp}@nasa.example`,
      line_items: [
        { product_service_id: products[0].id, quantity: 12, discount_percentage: 10 },
        { product_service_id: products[1].id, quantity: 1 },
      ],
      tax_settings: { tax_rate: 7.25 },
    });
    expect(quote.status).toBe(201);
    const sent = await api(page, 'POST', `/quotes/${quote.body.id}/send`);
    customerQuotePath = new URL(sent.body.public_url).pathname;
    const signer = `katherine.${stamp}@nasa.example`;
    const document = await api(page, 'POST', '/documents', {
      title: 'Consulting agreement',
      content: '<h1>Consulting agreement</h1><p>Between SIXA Inc. and NASA, for 12,500 USD.</p>',
      status: 'active',
      signature_required: true,
    });
    expect(document.status).toBe(201);
    const request = await api(page, 'POST', `/documents/${document.body.id}/send-for-signature`, {
      signers: [{ name: 'Katherine Johnson', email: signer, role: 'client' }],
    });
    expect(request.status).toBeLessThan(300);
    signingPath = await signingLinkFor(stack.mailOutboxDir, signer);
    await page.context().close();
    // A whole stack to start on a shared machine, then the sample data.
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A fresh browser (CSP bypassed for axe-core only) whose system colour scheme is `mode`. */
  async function open(mode: Mode, width = 1440, height = 900): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: mode, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(stack.url);
    return page;
  }

  /** Signs in and sets the workspace's theme with its toggle (the user's choice beats the system's). */
  async function signedIn(who: string, mode: Mode): Promise<Page> {
    const page = await open(mode === 'dark' ? 'light' : 'dark');
    await signInWithDemo(page, who);
    const target = mode === 'dark' ? 'Switch to dark mode' : 'Switch to light mode';
    const toggle = page.getByRole('button', { name: target });
    if (await toggle.count()) await toggle.click();
    await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, mode === 'dark');
    return page;
  }

  /** Collects the violations of each state the screens are put in, and screenshots them. */
  function auditor(page: Page, mode: Mode) {
    const found: string[] = [];
    const check = async (where: string) => {
      found.push(...(await seriousA11yViolations(page, `${mode} ${where}`)));
      await page.screenshot({ path: `${SHOTS}/a11y-${mode}-${where.replace(/[^a-z0-9]+/gi, '-')}.png` });
    };
    const screen = async (path: string, heading: string) => {
      await page.goto(`${stack.url}${path}`);
      await page.getByRole('heading', { name: heading, level: 2 }).first().waitFor();
      await check(path);
    };
    const tab = async (name: string | RegExp, where: string) => {
      await page.getByRole('tab', { name }).first().click();
      await check(where);
    };
    /** Opens a dialog or drawer with `trigger`, checks it, and closes it with Escape. */
    const dialog = async (trigger: Locator, where: string) => {
      await trigger.first().click();
      const opened = page.getByRole('dialog').last();
      await opened.waitFor();
      await check(where);
      await page.keyboard.press('Escape');
      await opened.waitFor({ state: 'hidden' });
      await settled(page);
    };
    return { found, check, screen, tab, dialog };
  }

  it.each(MODES)(
    'the sign-in screen has no serious or critical violation in %s mode',
    async (mode) => {
      const page = await open(mode);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      const { found, check } = auditor(page, mode);
      await check('login');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await check('login with errors');
      await page.context().close();
      expect(found).toEqual([]);
    },
    300_000,
  );

  describe.each(MODES)('as the admin in %s mode: every staff screen, its tabs, drawers and modals', (mode) => {
    let page: Page;
    let audit: ReturnType<typeof auditor>;
    beforeAll(async () => {
      page = await signedIn(ADMIN, mode);
      audit = auditor(page, mode);
    }, 120_000);
    afterAll(async () => {
      await page?.context().close();
    });
    const button = (name: string | RegExp) => page.getByRole('button', { name });
    const row = (text: string) => page.getByRole('row').filter({ hasText: text });
    /** One screen's states, its violations reported on their own. */
    const screenTest = (name: string, visit: (a: ReturnType<typeof auditor>) => Promise<void>) =>
      it(
        name,
        async () => {
          audit.found.length = 0;
          await visit(audit);
          expect(audit.found).toEqual([]);
        },
        300_000,
      );

    screenTest('dashboard and leads (add, edit)', async ({ screen, dialog }) => {
      await screen('/', 'Dashboard');
      await screen('/leads', 'Lead Generation');
      await dialog(button('Add Lead'), 'leads add');
      await dialog(row('Ada Lovelace 1').getByRole('button', { name: 'Edit' }), 'leads edit');
    });

    screenTest('quotes (create, detail)', async ({ screen, dialog }) => {
      await screen('/quotes', 'Quoting Tool');
      await dialog(button('Create Quote'), 'quotes create');
      await dialog(row('Workspace rollout').getByRole('button', { name: 'View' }), 'quotes detail');
    });

    screenTest('documents (tabs, create template, use template, detail)', async ({ screen, tab, dialog }) => {
      await screen('/documents', 'Document Center');
      await dialog(button('Create Template'), 'documents create template');
      await dialog(button(/^Use Template /), 'documents use template');
      await tab(/^Documents/, 'documents tab documents');
      await dialog(row('Consulting agreement').getByRole('button', { name: 'View' }), 'documents detail');
      await tab(/^Categories/, 'documents tab categories');
    });

    screenTest('integrations (tabs)', async ({ screen, tab }) => {
      await screen('/integrations', 'Integrations Hub');
      await tab(/^My Connections/, 'integrations tab connections');
      await tab('Analytics', 'integrations tab analytics');
    });

    screenTest('tasks, workflows, team (create, edit)', async ({ screen, dialog }) => {
      await screen('/tasks', 'Task Management');
      await dialog(button('Create Task'), 'tasks create');
      await screen('/workflows', 'Workflow Automation');
      await dialog(button('Create Workflow'), 'workflows create');
      await screen('/team', 'Team Management');
      await dialog(button('Add Member'), 'team add');
    });

    screenTest('users (add, edit) and calendar (new event, subscribe)', async ({ screen, dialog }) => {
      await screen('/users', 'User Management');
      await dialog(button('Add User'), 'users add');
      await dialog(row('Employee User').getByRole('button', { name: 'Edit' }), 'users edit');
      await screen('/calendar', 'Calendar');
      await dialog(button('New Event'), 'calendar new event');
      await dialog(button('Subscribe'), 'calendar subscribe');
    });

    screenTest('monitoring (tabs) and the assistant panel', async ({ screen, tab, dialog }) => {
      await screen('/monitoring', 'Network Monitoring');
      await tab(/^Alerts/, 'monitoring tab alerts');
      await tab('AI Insights', 'monitoring tab insights');
      await tab('Testing & Simulation', 'monitoring tab simulation');
      await dialog(button('Open AI assistant'), 'assistant chat');
    });

    screenTest('settings (seven tabs, their modals)', async ({ screen, tab, dialog }) => {
      await screen('/settings', 'Settings');
      await dialog(button('Add New User'), 'settings add user');
      await tab('System Settings', 'settings tab system');
      await tab('Security & Backup', 'settings tab security');
      await tab('AI Configuration', 'settings tab ai');
      await tab('Integration Settings', 'settings tab integration');
      await dialog(button('Add Webhook'), 'settings add webhook');
      await dialog(button('Add Rate Limit'), 'settings add rate limit');
      await tab('Business Rules', 'settings tab rules');
      await dialog(button('New Rule'), 'settings new rule');
      await tab('UI Customization', 'settings tab ui');
    });
  });

  it.each([
    [1440, 900],
    [390, 844],
  ])(
    "keeps the chat button off the content at %ix%i: the last row's actions and Save are in reach",
    async (w, h) => {
      const page = await open('light', w, h);
      // On a phone Logout is inside the user menu: signed in once the header is there.
      await page.getByRole('button', { name: 'Initialize Demo Users' }).click();
      await page.getByRole('button', { name: ADMIN }).click();
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('banner').waitFor();
      const chat = page.getByRole('button', { name: 'Open AI assistant' });
      /** Nothing of `target` under the chat button, and a click at its centre reaches it. */
      const clear = async (target: Locator, where: string) => {
        await settled(page);
        const [a, b] = [await target.boundingBox(), await chat.boundingBox()];
        if (!a || !b) throw new Error(`${where}: not shown`);
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        const reached = await target.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return !!hit && (hit === el || el.contains(hit));
        });
        return { where, overlap, reached };
      };
      /**
       * Brings `target` to the middle of the screen, or to its bottom edge, where the chat button sits
       * on wide screens (once the screen has stopped changing: a table drawn again detaches its rows).
       */
      const toEdge = async (target: Locator, edge: 'top' | 'end') => {
        await settled(page);
        await target.evaluate((el, block) => el.scrollIntoView({ block }), edge === 'top' ? 'center' : 'end');
      };
      const results = [];
      for (const edge of ['top', 'end'] as const) {
        await page.goto(`${stack.url}/settings`);
        await page.getByRole('tab', { name: 'System Settings' }).click();
        const save = page.locator('form#new-system-setting').getByRole('button', { name: /Save$/ });
        await save.waitFor();
        await toEdge(save, edge);
        results.push(await clear(save, `Add a setting's Save (${edge})`));

        await page.goto(`${stack.url}/users`);
        const last = page.getByRole('row').last();
        await last.waitFor();
        await toEdge(last, edge);
        for (const action of await last.getByRole('button').all())
          results.push(await clear(action, `the last user's ${await action.getAttribute('aria-label')} (${edge})`));
      }
      await page.screenshot({ path: `${SHOTS}/chat-button-clear-${w}.png` });
      // And it still opens the assistant from where it is.
      await chat.click();
      await page.getByRole('dialog', { name: /AI Assistant/ }).waitFor();
      await page.context().close();
      expect(results.filter((r) => r.overlap || !r.reached)).toEqual([]);
      expect(results.length).toBeGreaterThanOrEqual(4);
    },
    300_000,
  );

  it.each(MODES)(
    "the employee's screens where they differ, in %s mode",
    async (mode) => {
      const page = await signedIn(EMPLOYEE, mode);
      const { found, check, screen } = auditor(page, mode);
      await screen('/', 'Dashboard');
      await screen('/integrations', 'Integrations Hub');
      for (const path of ['/users', '/settings']) {
        await page.goto(`${stack.url}${path}`);
        await page
          .getByText(/permission/)
          .first()
          .waitFor();
        await check(`${path} denied`);
      }
      await page.context().close();
      expect(found).toEqual([]);
    },
    300_000,
  );

  it.each([
    [390, 844],
    [1440, 900],
  ])(
    "shows the customer's quote lines whole at %ix%i: nothing cut, nothing to scroll sideways",
    async (w, h) => {
      const page = await open('light', w, h);
      await page.goto(`${stack.url}${customerQuotePath}`);
      await page.getByRole('heading', { name: 'Workspace rollout' }).waitFor();
      await settled(page);
      const cut = await page.evaluate(() =>
        [document.documentElement, ...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${el.className || el.tagName} ${el.scrollWidth}px in ${el.clientWidth}px`),
      );
      // Every line's product and total are on the screen, within its width.
      const products = (await api(page, 'GET', `/quotes/public/${customerQuotePath.split('/').pop()}`)).body as {
        line_items: Array<{ product_name: string }>;
      };
      for (const { product_name: name } of products.line_items) {
        const box = await page.getByText(name, { exact: true }).first().boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= w).toBe(true);
      }
      await page.screenshot({ path: `${SHOTS}/customer-quote-${w}.png`, fullPage: true });
      await page.context().close();
      expect(cut).toEqual([]);
    },
    300_000,
  );

  it.each(MODES)(
    "the customer's quote page and the signer's page, in %s mode",
    async (mode) => {
      const page = await open(mode);
      const { found, check } = auditor(page, mode);
      await page.goto(`${stack.url}${customerQuotePath}`);
      await page.getByRole('heading', { name: 'Workspace rollout' }).waitFor();
      await check('customer quote');
      await page.getByRole('button', { name: 'Accept Quote' }).click();
      await page.getByRole('dialog').waitFor();
      await check('customer quote accept');
      await page.keyboard.press('Escape');

      await page.goto(`${stack.url}${signingPath}`);
      await page.getByRole('heading', { name: 'Consulting agreement' }).waitFor();
      await page.getByLabel(/, page 1 of \d+$/).waitFor();
      await check('signing');
      await page.context().close();
      expect(found).toEqual([]);
    },
    300_000,
  );
});
