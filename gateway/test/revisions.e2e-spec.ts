import { http, uniqueDbName } from '@sixa/testing';
import { newLead } from '../../services/crm/test/factories';
import { startSettingsStack, type SettingsStack } from '../../services/settings/test/factories';
import { newWorkflow } from '../../services/work/test/factories';

interface Tagged {
  id: string;
  etag: string;
  [field: string]: unknown;
}

/**
 * A kind of record people edit in a form, as the browser reaches it through the gateway: how one is
 * made, read back, and edited (the path of its edit and a body that changes one field).
 */
interface EditedKind {
  what: string;
  make(n: number): Promise<Tagged>;
  read(record: Tagged): Promise<Tagged>;
  path(record: Tagged): string;
  /** The edit's body: `record`'s fields with `field` changed to `value`. */
  edit(record: Tagged, value: string): Record<string, unknown>;
  field: string;
  /** Its GET by id, where it has one (it sends the ETag header too). */
  getPath?: (record: Tagged) => string;
}

let stack: SettingsStack;
beforeAll(async () => {
  stack = await startSettingsStack({ crm: true, work: true });
}, 180_000);
afterAll(() => stack?.stop());

const admin = () => stack.as(stack.admin);
const created = async (path: string, body: unknown): Promise<Tagged> => {
  const res = await admin().post(path, body);
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Tagged;
};
const readById = (path: string) => async (r: Tagged) => (await admin().get(`${path}/${r.id}`)).body as Tagged;
const putWithTag = (path: string, body: unknown, tag: string) =>
  http(stack.api, 'PUT', path, { token: stack.admin, body, headers: { 'if-match': tag } });
const run = uniqueDbName('r');

const KINDS: EditedKind[] = [
  {
    what: 'user',
    field: 'name',
    make: (n) =>
      created('/users', {
        name: `User ${n}`,
        email: `u${n}.${run}@example.com`,
        password: 'Sup3r-secret',
        role: 'employee',
      }),
    read: readById('/users'),
    getPath: (r) => `/users/${r.id}`,
    path: (r) => `/users/${r.id}`,
    edit: (r, name) => ({ name, email: r.email, role: r.role }),
  },
  {
    what: 'lead',
    field: 'name',
    make: (n) => created('/leads', newLead({ name: `Lead ${n}`, email: `l${n}.${run}@example.com` })),
    read: readById('/leads'),
    getPath: (r) => `/leads/${r.id}`,
    path: (r) => `/leads/${r.id}`,
    edit: (r, name) => ({ name, email: r.email, company: r.company, source: r.source }),
  },
  {
    what: 'task',
    field: 'title',
    make: (n) => created('/tasks', { title: `Task ${n} ${run}` }),
    read: readById('/tasks'),
    getPath: (r) => `/tasks/${r.id}`,
    path: (r) => `/tasks/${r.id}`,
    edit: (_r, title) => ({ title }),
  },
  {
    what: 'team member',
    field: 'name',
    make: (n) =>
      created('/team', {
        name: `Member ${n}`,
        email: `m${n}.${run}@example.com`,
        role: 'Engineer',
        department: 'Engineering',
      }),
    read: readById('/team'),
    getPath: (r) => `/team/${r.id}`,
    path: (r) => `/team/${r.id}`,
    edit: (r, name) => ({ name, email: r.email, role: r.role, department: r.department }),
  },
  {
    what: 'workflow',
    field: 'name',
    make: (n) => created('/workflows', newWorkflow({ name: `Workflow ${n} ${run}` })),
    read: readById('/workflows'),
    getPath: (r) => `/workflows/${r.id}`,
    path: (r) => `/workflows/${r.id}`,
    edit: (_r, name) => ({ name }),
  },
  {
    what: 'business rule',
    field: 'name',
    make: (n) =>
      created('/settings/business-rules', {
        name: `Rule ${n}`,
        module: 'leads',
        trigger_event: 'lead.created',
        conditions: { all: [{ fact: 'company', operator: 'equal', value: `Nobody ${run}` }] },
        actions: [{ type: 'create_task', params: { title: 'Call {{name}}' } }],
      }),
    read: async (r) => ((await admin().get('/settings/business-rules')).body as Tagged[]).find((x) => x.id === r.id)!,
    path: (r) => `/settings/business-rules/${r.id}`,
    edit: (_r, name) => ({ name }),
  },
  {
    // Named by its resource, not an id: the tag is bound to that.
    what: 'rate limit',
    field: 'limit_per_day',
    make: async (n) => {
      const resource = `res${n}-${run.slice(-6)}`;
      const res = await admin().put(`/settings/rate-limits/${resource}`, { limit_per_hour: 1000, limit_per_day: 5000 });
      return res.body as Tagged;
    },
    read: async (r) => ((await admin().get('/settings/rate-limits')).body as Tagged[]).find((x) => x.id === r.id)!,
    path: (r) => `/settings/rate-limits/${r.resource as string}`,
    edit: (_r, value) => ({ limit_per_hour: 1000, limit_per_day: 5000 + value.length }),
  },
];

describe('edits carry a revision tag bound to their record (through the gateway)', () => {
  it.each(KINDS.map((k) => [k.what, k] as const))(
    "a %s edit holding another record's tag is refused and changes nothing; its own tag saves once",
    async (_what, kind) => {
      const a = await kind.make(1);
      const b = await kind.make(2);
      expect(a.etag).toEqual(expect.any(String));
      expect(b.etag).toEqual(expect.any(String));
      expect(a.etag).not.toBe(b.etag);
      if (kind.getPath) {
        const got = await admin().get(kind.getPath(b));
        expect(got.headers.get('etag')).toBe(`"${b.etag}"`);
      }

      // A form holding A's data and tag, saved to B: 409, and B is as it was.
      const wrong = await putWithTag(kind.path(b), kind.edit(b, 'Written into the wrong record'), a.etag);
      expect(wrong.status).toBe(409);
      expect(wrong.body.detail).toBe(
        `This form holds another record's data (a different ${kind.what}); close it, open the ${kind.what} again and redo your change`,
      );
      expect(await kind.read(b)).toEqual(b);

      // B's own tag: saved, with a new tag (in the body and the ETag header).
      const saved = await putWithTag(kind.path(b), kind.edit(b, 'Renamed once'), b.etag);
      expect(saved.status).toBe(200);
      expect(saved.body.etag).toEqual(expect.any(String));
      expect(saved.body.etag).not.toBe(b.etag);
      expect(saved.headers.get('etag')).toBe(`"${saved.body.etag}"`);
      const after = await kind.read(b);
      expect(after.etag).toBe(saved.body.etag);

      // The old tag again (a second tab, a double submit): stale, and nothing written.
      const again = await putWithTag(kind.path(b), kind.edit(b, 'Renamed twice'), b.etag);
      expect(again.status).toBe(409);
      expect(again.body.detail).toMatch(
        new RegExp(`^This ${kind.what} was changed by someone else since you opened it`),
      );
      expect(await kind.read(b)).toEqual(after);
    },
    60_000,
  );

  it('the ETag header of an answer is accepted as If-Match, as the etag field is', async () => {
    const lead = await created('/leads', newLead({ email: `etag-header.${run}@example.com` }));
    const got = await admin().get(`/leads/${lead.id}`);
    const saved = await putWithTag(`/leads/${lead.id}`, { ...newLead(), email: lead.email }, got.headers.get('etag')!);
    expect(saved.status).toBe(200);
  });

  it('a tag this API did not give is a 400 naming the header, and writes nothing', async () => {
    const task = await created('/tasks', { title: `Malformed tag ${run}` });
    const res = await putWithTag(`/tasks/${task.id}`, { title: 'Never written' }, 'rev-3');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^If-Match must be the etag of the task/);
    expect((await admin().get(`/tasks/${task.id}`)).body).toEqual(task);
  });

  it('an edit without If-Match goes on as before (the body rev still honoured)', async () => {
    const task = await created('/tasks', { title: `No tag ${run}` });
    expect((await admin().put(`/tasks/${task.id}`, { title: 'Without a tag' })).status).toBe(200);
    const stale = await admin().put(`/tasks/${task.id}`, { title: 'Old rev', rev: 0 });
    expect(stale.status).toBe(409);
  });

  it('the security policy (one record, no id in its path) takes its tag too', async () => {
    const policy = (await admin().get('/settings/security')).body as Tagged & { rules: Record<string, unknown> };
    const rules = { ...policy.rules, password_min_length: 9 };
    const saved = await putWithTag('/settings/security', { rules }, policy.etag);
    expect(saved.status).toBe(200);
    const stale = await putWithTag('/settings/security', { rules: { ...rules, password_min_length: 10 } }, policy.etag);
    expect(stale.status).toBe(409);
    expect(((await admin().get('/settings/security')).body as typeof policy).rules.password_min_length).toBe(9);
    const otherTag = await putWithTag('/settings/security', { rules }, (await created('/tasks', { title: 't' })).etag);
    expect(otherTag.status).toBe(409);
  });
});
