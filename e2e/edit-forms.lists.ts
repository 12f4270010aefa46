import type { Page } from 'playwright-core';

/** The API as the signed-in admin calls it from the page. */
export type Api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;

/** A record made for the test: its id and the value of the field the test checks. */
export interface Made {
  id: string;
  value: string;
  /** The text that finds its row in the list, when not the value. */
  row?: string;
}

/**
 * A list whose rows can be edited, as the browser test drives it: Edit A, close, Edit B shows B;
 * a save changes only B; Create after an edit opens empty.
 */
export interface EditableList {
  name: string;
  /** The screen's address (under the app), and what to click there before the list shows. */
  path: string;
  tab?: string | RegExp;
  /** Makes a record through the API; `n` tells the two apart ('A …', 'B …'). */
  make: (api: Api, n: string, stack: { sandboxUrl: string }) => Promise<Made>;
  /** Opens the record's edit form from the list. */
  edit: (page: Page, record: Made) => Promise<void>;
  editTitle: string | RegExp;
  /** The text field checked (its label in the form). */
  field: string;
  /** What the user types over the field in the edit that is saved (the field's value in the record after). */
  changed: (n: string) => string;
  /** Reads the field back through the API. */
  read: (api: Api, record: Made) => Promise<string>;
  /** The Create button and its form's title, and the field that opens empty there (the checked one by default). */
  create?: { button: string; title: string | RegExp; field?: string };
}

const one = <T>(items: T[], pick: (item: T) => boolean, what: string): T => {
  const found = items.find(pick);
  if (!found) throw new Error(`${what} not found`);
  return found;
};

/** A button's name, after its icon's ('edit Edit', 'plus Add User'). */
export const named = (label: string) => new RegExp(`(^|\\s)${label}$`);

/** A table row's Edit (the row holding the record's text). */
const editInRow =
  (label = 'Edit') =>
  async (page: Page, record: Made) =>
    page
      .getByRole('row')
      .filter({ hasText: record.row ?? record.value })
      .getByRole('button', { name: named(label) })
      .click();

/** A card's Edit, named after the record ('Edit Ada'). */
const editByName = async (page: Page, record: Made) =>
  page.getByRole('button', { name: `Edit ${record.value}`, exact: true }).click();

const field =
  (path: string, name: string) =>
  async (api: Api, record: Made): Promise<string> =>
    String((await api(`GET`, `${path}/${record.id}`))[name]);

const fieldInList =
  (path: string, name: string, key = 'id') =>
  async (api: Api, record: Made): Promise<string> => {
    const items = await api<Record<string, unknown>[]>('GET', path);
    return String(one(items, (item) => item[key] === record.id, `${path} ${record.id}`)[name]);
  };

const made = (id: unknown, value: string, row?: string): Made => ({ id: String(id), value, row });
const slug = (n: string) => n.toLowerCase().replace(/\W+/g, '.');

export const EDITABLE_LISTS: EditableList[] = [
  {
    name: 'Users',
    path: '/users',
    make: async (api, n) => {
      const name = `User ${n}`;
      const user = await api('POST', '/users', {
        name,
        email: `user.${slug(n)}@edit-forms.test`,
        password: 'Edit-Forms-Pass-1',
        role: 'employee',
      });
      return made(user.id, name);
    },
    edit: editInRow(),
    editTitle: 'Edit User',
    field: 'Name',
    changed: (n) => `User ${n} renamed`,
    read: field('/users', 'name'),
    create: { button: 'Add User', title: 'Add New User' },
  },
  {
    name: 'Leads',
    path: '/leads',
    make: async (api, n) => {
      const name = `Lead ${n}`;
      const lead = await api('POST', '/leads', {
        name,
        email: `lead.${slug(n)}@edit-forms.test`,
        company: `Company ${n}`,
        source: 'Website',
      });
      return made(lead.id, name);
    },
    edit: editInRow(),
    editTitle: 'Edit Lead',
    field: 'Name',
    changed: (n) => `Lead ${n} renamed`,
    read: field('/leads', 'name'),
    create: { button: 'Add Lead', title: 'Add New Lead' },
  },
  {
    name: 'Tasks',
    path: '/tasks',
    make: async (api, n) => {
      const title = `Task ${n}`;
      const task = await api('POST', '/tasks', { title, priority: 'medium', due_date: null, tags: [] });
      return made(task.id, title);
    },
    edit: editByName,
    editTitle: 'Edit Task',
    field: 'Title',
    changed: (n) => `Task ${n} renamed`,
    read: field('/tasks', 'title'),
    create: { button: 'Create Task', title: 'Create New Task' },
  },
  {
    name: 'Team',
    path: '/team',
    make: async (api, n) => {
      const name = `Member ${n}`;
      const member = await api('POST', '/team', {
        name,
        email: `member.${slug(n)}@edit-forms.test`,
        role: 'Engineer',
        department: 'Engineering',
        avatar_url: null,
      });
      return made(member.id, name);
    },
    edit: editByName,
    editTitle: 'Edit Team Member',
    field: 'Name',
    changed: (n) => `Member ${n} renamed`,
    read: field('/team', 'name'),
    create: { button: 'Add Member', title: 'Add Team Member' },
  },
  {
    name: 'Workflows',
    path: '/workflows',
    make: async (api, n) => {
      const name = `Workflow ${n}`;
      const workflow = await api('POST', '/workflows', {
        name,
        description: '',
        trigger: { type: 'manual' },
        steps: [{ action: 'wait', description: '', delay: 0, params: { seconds: 60 } }],
      });
      return made(workflow.id, name);
    },
    edit: editByName,
    editTitle: 'Edit Workflow',
    field: 'Name',
    changed: (n) => `Workflow ${n} renamed`,
    read: field('/workflows', 'name'),
    create: { button: 'Create Workflow', title: 'Create Workflow' },
  },
  {
    name: 'Calendar',
    path: '/calendar',
    make: async (api, n) => {
      const title = `Event ${n}`;
      // Today, shown in the day panel the screen opens on.
      const start = new Date();
      start.setHours(n.startsWith('A') ? 1 : 2, 0, 0, 0);
      const event = await api('POST', '/calendar/events', {
        title,
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
      });
      return made(event.id, title);
    },
    edit: async (page, record) =>
      page.getByRole('article', { name: record.value, exact: true }).getByRole('button', { name: 'Edit' }).click(),
    editTitle: 'Edit Event',
    field: 'Title',
    changed: (n) => `Event ${n} renamed`,
    read: field('/calendar/events', 'title'),
    create: { button: 'New Event', title: 'Create New Event' },
  },
  {
    name: 'Quotes',
    path: '/quotes',
    make: async (api, n) => {
      const [product] = await api<{ id: string }[]>('GET', '/products-services');
      const title = `Quote ${n}`;
      const quote = await api('POST', '/quotes', {
        title,
        customer_name: `Customer ${n}`,
        customer_email: `customer.${slug(n)}@edit-forms.test`,
        line_items: [{ product_service_id: product.id, quantity: 2 }],
      });
      return made(quote.id, title);
    },
    edit: editInRow(),
    editTitle: /^Edit Quote /,
    field: 'Title',
    changed: (n) => `Quote ${n} renamed`,
    read: field('/quotes', 'title'),
    create: { button: 'Create Quote', title: 'Create New Quote' },
  },
  {
    name: 'Documents',
    path: '/documents',
    tab: /^Documents/,
    make: async (api, n) => {
      const title = `Document ${n}`;
      const document = await api('POST', '/documents', { title, content: `<p>The text of ${title}</p>` });
      return made(document.id, title);
    },
    edit: editInRow(),
    editTitle: 'Edit Document',
    field: 'Title',
    changed: (n) => `Document ${n} renamed`,
    read: field('/documents', 'title'),
    create: { button: 'Create Document', title: 'Create New Document' },
  },
  {
    name: 'Settings webhooks',
    path: '/settings',
    tab: 'Integration Settings',
    make: async (api, n) => {
      const name = `Webhook ${n}`;
      const hook = await api('POST', '/settings/webhooks', {
        name,
        // An address that needs no name lookup (the test machine may have none), and not a private one.
        url: `https://93.184.215.14/hooks/${slug(n)}`,
        events: ['lead.created'],
      });
      return made(hook.id, name);
    },
    edit: editInRow(),
    editTitle: 'Edit Webhook',
    field: 'Name',
    changed: (n) => `Webhook ${n} renamed`,
    read: fieldInList('/settings/webhooks', 'name'),
    create: { button: 'Add Webhook', title: 'Add Webhook' },
  },
  {
    name: 'Settings business rules',
    path: '/settings',
    tab: 'Business Rules',
    make: async (api, n) => {
      const name = `Rule ${n}`;
      const rule = await api('POST', '/settings/business-rules', {
        name,
        module: 'leads',
        trigger_event: 'lead.created',
        conditions: { all: [] },
        actions: [{ type: 'raise_alert', params: { severity: 'low', message: `Rule ${n} ran` } }],
        is_active: false,
      });
      return made(rule.id, name);
    },
    edit: editInRow(),
    editTitle: 'Edit Business Rule',
    field: 'Name',
    changed: (n) => `Rule ${n} renamed`,
    read: fieldInList('/settings/business-rules', 'name'),
    create: { button: 'New Rule', title: 'New Business Rule' },
  },
  {
    name: 'Settings rate limits',
    path: '/settings',
    tab: 'Integration Settings',
    make: async (api, n) => {
      const resource = n.startsWith('A') ? 'documents' : 'calendar';
      const perHour = n.startsWith('A') ? 1111 : 2222;
      await api('PUT', `/settings/rate-limits/${resource}`, { limit_per_hour: perHour, limit_per_day: 20_000 });
      return made(resource, String(perHour), resource);
    },
    edit: editInRow(),
    editTitle: /^Edit Rate Limit/,
    field: 'Per Hour',
    changed: () => '3333',
    read: fieldInList('/settings/rate-limits', 'limit_per_hour', 'resource'),
    create: { button: 'Add Rate Limit', title: 'Add Rate Limit', field: 'Resource' },
  },
  {
    name: 'Integration connections',
    path: '/integrations',
    tab: /^My Connections/,
    make: async (api, n, stack) => {
      // A platform holds one connection: the sample one for A, one of the test's own (the same sandbox) for B.
      let platform = 'sandbox-marketing';
      if (!n.startsWith('A')) {
        const own = await api('POST', '/integrations/platforms', {
          name: `Marketing ${n}`,
          type: 'marketing',
          auth_type: 'api_key',
          api_base_url: `${stack.sandboxUrl}/api/v1`,
        });
        platform = String(own.id);
      }
      const name = `Connection ${n}`;
      const connection = await api('POST', '/integrations/api-key-connection', {
        platform_id: platform,
        connection_name: name,
        api_key: 'sbx_demo_key_0001',
      });
      return made(connection.id, name);
    },
    edit: editInRow('Configure'),
    editTitle: /^Configure /,
    field: 'Connection Name',
    changed: (n) => `Connection ${n} renamed`,
    read: fieldInList('/integrations/connections', 'connection_name'),
  },
];
