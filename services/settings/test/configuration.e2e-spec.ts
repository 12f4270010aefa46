import type { AiSettingGroup, BackupStatus, MenuConfig, RateLimit, SystemSetting } from '@sixa/contracts';
import { http, sleep } from '@sixa/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalogue } from '../../crm/test/factories';
import { startSettingsStack, type SettingsStack } from './factories';

/** A stand-in OpenAI-compatible endpoint that answers plainly and keeps what it was sent. */
async function standInModel(): Promise<{ server: Server; url: string; seen: Array<Record<string, any>> }> {
  const seen: Array<Record<string, any>> = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push(JSON.parse(raw));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Noted.' } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

async function within<T>(
  ms: number,
  what: string,
  fn: () => Promise<T | undefined>,
): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  for (;;) {
    const value = await fn();
    if (value !== undefined) return { value, ms: Date.now() - start };
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

/**
 * System settings, AI settings, backup, rate limits, dashboard widgets and menus, through the
 * gateway; the quote default expiry is applied by crm and the AI settings by the assistant, live.
 */
describe('settings that take effect, through the gateway', () => {
  let stack: SettingsStack;
  let model: Awaited<ReturnType<typeof standInModel>>;

  beforeAll(async () => {
    model = await standInModel();
    stack = await startSettingsStack({
      crm: true,
      assistant: { llmApiUrl: model.url, llmApiKey: 'test-key', llmModel: 'deployment-model' },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    model?.server.close();
  });

  const quoteBody = async () => {
    const product = (await catalogue(stack.api, stack.admin))('CRM Platform');
    return {
      title: 'Expiry check',
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
      line_items: [{ product_service_id: product.id, quantity: 1 }],
    };
  };

  it('lists the known system settings with their defaults, checks values against their type, and crm applies the quote expiry', async () => {
    const admin = stack.as(stack.admin);
    const listed = (await admin.get('/settings/system')).body as SystemSetting[];
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ category: 'quotes', key: 'default_expiry_days', value: 30, data_type: 'number' }),
        expect.objectContaining({ category: 'general', key: 'company_name', value: 'SIXA', data_type: 'string' }),
      ]),
    );
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [
        { category: 'quotes', key: 'default_expiry_days', value: 'soon', data_type: 'number' },
        /value must be a number/,
      ],
      [{ category: 'quotes', key: 'default_expiry_days', value: 0, data_type: 'number' }, /at least 1/],
      [{ category: 'quotes', key: 'default_expiry_days', value: 10, data_type: 'string' }, /is a number setting/],
      [{ category: 'general', key: 'maintenance', value: 'yes', data_type: 'boolean' }, /true or false/],
      [{ category: 'General', key: 'x', value: 1, data_type: 'number' }, /category must be lower-case/],
      [
        { category: 'general', key: 'x', value: 1, data_type: 'date' },
        /data type must be one of boolean, number, string/,
      ],
    ];
    for (const [body, detail] of bad) {
      const res = await admin.put('/settings/system', body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await admin.get('/quotes/defaults')).body).toEqual({ expires_in_days: 30, tax_name: 'Tax' });
    const set = await admin.put('/settings/system', {
      category: 'quotes',
      key: 'default_expiry_days',
      value: 45,
      data_type: 'number',
    });
    expect(set.status).toBe(200);
    // Who changed it by name, as the screen says it ("Changed ... by Admin User"), not by id.
    expect(set.body).toMatchObject({ value: 45, updated_by: expect.any(String), updated_by_name: 'Admin User' });
    const changed = ((await admin.get('/settings/system')).body as SystemSetting[]).find(
      (s) => s.key === 'default_expiry_days',
    );
    expect(changed).toMatchObject({ updated_by: set.body.updated_by, updated_by_name: 'Admin User' });
    const applied = await within(5_000, 'crm applies the new default', async () => {
      const d = (await admin.get('/quotes/defaults')).body as { expires_in_days: number };
      return d.expires_in_days === 45 ? d : undefined;
    });
    expect(applied.ms).toBeLessThan(5_000);
    const quote = await admin.post('/quotes', await quoteBody());
    expect(quote.status).toBe(201);
    expect(quote.body.expires_in_days).toBe(45);

    const custom = await admin.put('/settings/system', {
      category: 'general',
      key: 'maintenance_banner',
      value: true,
      data_type: 'boolean',
      description: 'Shows a banner',
    });
    expect(custom.body).toMatchObject({ value: true, data_type: 'boolean', description: 'Shows a banner' });
  });

  it('shows the company name to every signed-in user, as set', async () => {
    const admin = stack.as(stack.admin);
    await admin.put('/settings/system', {
      category: 'general',
      key: 'company_name',
      value: '  Acme Corp ',
      data_type: 'string',
    });
    const branding = await stack.as(stack.employee).get('/settings/branding');
    expect(branding.status).toBe(200);
    expect(branding.body).toEqual({ company_name: 'Acme Corp' });
    expect(
      (
        await admin.put('/settings/system', {
          category: 'general',
          key: 'company_name',
          value: ' ',
          data_type: 'string',
        })
      ).status,
    ).toBe(400);
  });

  it('checks AI settings, and the assistant answers with them from its next message', async () => {
    const admin = stack.as(stack.admin);
    const groups = (await admin.get('/settings/ai')).body as AiSettingGroup[];
    expect(groups.map((g) => g.category)).toEqual(['model', 'tools', 'tone']);
    expect((await admin.put('/settings/ai', { category: 'model', settings: { temperature: 3 } })).body.detail).toMatch(
      /from 0 to 2/,
    );
    expect(
      (await admin.put('/settings/ai', { category: 'tools', settings: { enabled_tools: ['format_disk'] } })).body
        .detail,
    ).toMatch(/assistant's tools/);
    expect((await admin.put('/settings/ai', { category: 'tone', settings: { mood: 'happy' } })).body.detail).toMatch(
      /tone settings are tone/,
    );

    await http(stack.api, 'POST', '/chat/message', {
      token: stack.admin,
      body: { message: 'hello', session_id: 's-ai-1' },
    });
    const before = model.seen.at(-1)!;
    expect(before).toMatchObject({ model: 'deployment-model', temperature: 0.2 });

    expect(
      (await admin.put('/settings/ai', { category: 'model', settings: { model: 'company-model', temperature: 0.9 } }))
        .status,
    ).toBe(200);
    expect(
      (await admin.put('/settings/ai', { category: 'tools', settings: { enabled_tools: ['search_leads'] } })).status,
    ).toBe(200);
    expect((await admin.put('/settings/ai', { category: 'tone', settings: { tone: 'concise' } })).status).toBe(200);
    const applied = await within(5_000, 'the assistant applies the AI settings', async () => {
      const n = model.seen.length;
      await http(stack.api, 'POST', '/chat/message', {
        token: stack.admin,
        body: { message: 'hello again', session_id: `s-ai-${n}` },
      });
      const last = model.seen.at(-1)!;
      return last.model === 'company-model' &&
        last.tools.length === 1 &&
        last.messages[0].content.includes('as briefly as possible')
        ? last
        : undefined;
    });
    expect(applied.value).toMatchObject({ temperature: 0.9, tools: [{ function: { name: 'search_leads' } }] });
  });

  it('tells the truth about backups', async () => {
    const res = await stack.as(stack.admin).get('/settings/backup');
    expect(res.status).toBe(200);
    const b = res.body as BackupStatus;
    expect(b).toMatchObject({ frequency: 'daily', retention_days: 30, status: 'not_configured', last_backup_at: null });
    expect(b.detail).toMatch(/not configured/);
  });

  it('keeps rate limits (checked) and serves them to the gateway', async () => {
    const admin = stack.as(stack.admin);
    expect(
      (await admin.put('/settings/rate-limits/leads', { limit_per_hour: 10, limit_per_day: 5 })).body.detail,
    ).toMatch(/cannot be lower than limit_per_hour/);
    expect((await admin.put('/settings/rate-limits/Leads!', { limit_per_hour: 1, limit_per_day: 5 })).status).toBe(400);
    const set = await admin.put('/settings/rate-limits/leads', { limit_per_hour: 100, limit_per_day: 1000 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ resource: 'leads', limit_per_hour: 100, limit_per_day: 1000 });
    const listed = (await admin.get('/settings/rate-limits')).body as RateLimit[];
    expect(listed.map((l) => l.resource)).toEqual(['leads']);
    expect((await admin.delete('/settings/rate-limits/leads')).status).toBe(204);
    expect((await admin.delete('/settings/rate-limits/leads')).status).toBe(404);
    expect((await stack.as(stack.employee).get('/settings/rate-limits')).status).toBe(403);
  });

  it('keeps dashboard widgets per user (self or admin) and menus per role (admin writes, a role reads its own)', async () => {
    const employee = stack.as(stack.employee);
    const admin = stack.as(stack.admin);
    const me = (await employee.get('/auth/me')).body as { id: string };
    const mine = await employee.get(`/settings/dashboard-widgets/${me.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.widgets).toHaveLength(5);
    expect(mine.body.dashboard_widgets[1]).toEqual({
      id: 'revenue_chart',
      widget_type: 'revenue_chart',
      position: { x: 0, y: 1 },
      is_visible: true,
    });
    const order = [...mine.body.widgets]
      .reverse()
      .map((w: { key: string }, i: number) => ({ key: w.key, visible: i !== 0 }));
    const saved = await employee.put(`/settings/dashboard-widgets/${me.id}`, { widgets: order });
    expect(saved.status).toBe(200);
    expect((await employee.get(`/settings/dashboard-widgets/${me.id}`)).body.widgets).toEqual(order);
    expect(
      (await employee.put(`/settings/dashboard-widgets/${me.id}`, { widgets: order.slice(1) })).body.detail,
    ).toMatch(/exactly once/);
    const adminMe = (await admin.get('/auth/me')).body as { id: string };
    expect((await employee.get(`/settings/dashboard-widgets/${adminMe.id}`)).status).toBe(403);

    const menu = (await admin.get('/settings/menu-config/employee')).body as MenuConfig;
    const hidden = menu.items.map((i) => ({ ...i, visible: i.key !== 'calendar' }));
    expect((await admin.put('/settings/menu-config/employee', { items: hidden })).status).toBe(200);
    const seen = await employee.get('/settings/menu-config/employee');
    expect(seen.status).toBe(200);
    expect((seen.body as MenuConfig).items.find((i) => i.key === 'calendar')).toEqual({
      key: 'calendar',
      visible: false,
    });
    expect((seen.body as MenuConfig).menu_items.find((i) => i.icon === 'calendar')).toEqual({
      name: 'Calendar',
      icon: 'calendar',
      visible: false,
    });
    expect((await employee.get('/settings/menu-config/admin')).status).toBe(403);
    expect((await employee.put('/settings/menu-config/employee', { items: hidden })).status).toBe(403);
    const lockout = menu.items.map((i) => ({ ...i, visible: i.key !== 'settings' }));
    expect((await admin.put('/settings/menu-config/admin', { items: lockout })).body.detail).toMatch(/keeps Settings/);
    expect((await admin.get('/settings/menu-config/nobody')).status).toBe(404);
  });

  it('adds the sample business rules and rate limits once (admin only)', async () => {
    const admin = stack.as(stack.admin);
    expect((await stack.as(stack.employee).post('/settings/initialize-sample-data')).status).toBe(403);
    const first = await admin.post('/settings/initialize-sample-data');
    expect(first.status).toBe(200);
    expect(first.body.created.business_rules).toBe(2);
    const again = await admin.post('/settings/initialize-sample-data');
    expect(again.body.created).toEqual({ business_rules: 0, rate_limits: 0 });
    const rules = (await admin.get('/settings/business-rules')).body as Array<{ name: string; is_active: boolean }>;
    expect(rules.map((r) => [r.name, r.is_active]).sort()).toEqual([
      ['Large accepted quote alert', false],
      ['Referral follow-up', true],
    ]);
  });
});
