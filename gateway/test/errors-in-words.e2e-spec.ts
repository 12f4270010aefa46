import { http, uniqueDbName } from '@sixa/testing';
import { BODY_REQUIRED_DETAIL } from '@sixa/observability';
import { newLead } from '../../services/crm/test/factories';
import { startSettingsStack, type SettingsStack } from '../../services/settings/test/factories';

/** Errors as the browser gets them through the gateway: in words, at their field, never a 500. */
let stack: SettingsStack;
beforeAll(async () => {
  stack = await startSettingsStack({ crm: true, work: true });
}, 180_000);
afterAll(() => stack?.stop());

const admin = () => stack.as(stack.admin);
const run = uniqueDbName('e');
const made = async (path: string, body: unknown) => {
  const res = await admin().post(path, body);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; email: string; [k: string]: unknown };
};

describe('an edit that takes a value another record holds uniquely', () => {
  it.each([
    [
      'a lead',
      '/leads',
      (n: number) => newLead({ email: `lead${n}.${run}@example.com` }),
      (email: string) => `A lead with the email ${email} already exists`,
    ],
    [
      'a team member',
      '/team',
      (n: number) => ({
        name: `M ${n}`,
        email: `m${n}.${run}@example.com`,
        role: 'Engineer',
        department: 'Engineering',
      }),
      (email: string) => `A team member with the email ${email} already exists`,
    ],
    [
      'a user',
      '/users',
      (n: number) => ({
        name: `U ${n}`,
        email: `u${n}.${run}@example.com`,
        password: 'Sup3r-secret',
        role: 'employee',
      }),
      (email: string) => `A user with the email ${email} already exists`,
    ],
  ])(
    'is a 409 naming the value when %s takes the e-mail of another, and changes nothing',
    async (_what, path, body, detail) => {
      const a = await made(path, body(1));
      const b = await made(path, body(2));
      const { password: _p, ...edit } = { ...body(2), email: a.email } as Record<string, unknown>;
      const res = await admin().put(`${path}/${b.id}`, edit);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(detail(a.email));
      expect((await admin().get(`${path}/${b.id}`)).body.email).toBe(b.email);
    },
  );
});

describe('a request that sends no body to a route that takes one', () => {
  it.each([
    ['PUT', '/settings/security'],
    ['PUT', '/settings/rate-limits/leads'],
    ['POST', '/settings/business-rules'],
    ['POST', '/leads'],
    ['POST', '/tasks'],
    ['POST', '/team'],
    ['POST', '/users'],
  ])('%s %s is a 400 saying the body is required', async (method, path) => {
    const res = await http(stack.api, method, path, { token: stack.admin });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: BODY_REQUIRED_DETAIL });
  });

  it('an edit by id without a body is a 400 too, and its record stays as it was', async () => {
    const lead = await made('/leads', newLead({ email: `nobody.${run}@example.com` }));
    const res = await http(stack.api, 'PUT', `/leads/${lead.id}`, { token: stack.admin });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(BODY_REQUIRED_DETAIL);
    expect((await admin().get(`/leads/${lead.id}`)).body).toEqual(lead);
  });

  it('a body missing a nested object the route requires is a 400 naming it', async () => {
    const res = await admin().put('/settings/security', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: 'rules is required',
      errors: [{ field: 'rules', detail: 'rules is required' }],
    });
  });
});

describe('validation messages through the gateway', () => {
  it('name a list item as a person reads it, with the field path beside for the form', async () => {
    const res = await admin().post('/quotes', {
      title: 'Too generous',
      customer_name: 'Maria Gonzalez',
      customer_email: 'maria@example.com',
      line_items: [{ product_service_id: 'p1', quantity: 1, discount_percentage: 150 }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: 'Line 1: discount must be between 0 and 100%',
      errors: [{ field: 'line_items[0].discount_percentage', detail: 'Line 1: discount must be between 0 and 100%' }],
    });
  });

  it('name every problem of a body, each at its field', async () => {
    const res = await admin().post('/leads', { name: '', email: 'not an address', company: 'C', source: 'Fax' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'name', detail: 'name is required' },
      { field: 'email', detail: 'e-mail must be a valid e-mail address' },
      { field: 'source', detail: expect.stringMatching(/^source must be one of: Website, /) },
    ]);
    expect(res.body.detail).toBe(res.body.errors.map((e: { detail: string }) => e.detail).join('; '));
  });
});
