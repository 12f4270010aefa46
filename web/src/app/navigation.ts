import type { AccessLevel } from '@sixa/contracts';

export type PageKey =
  | 'dashboard'
  | 'leads'
  | 'quotes'
  | 'documents'
  | 'integrations'
  | 'tasks'
  | 'workflows'
  | 'team'
  | 'users'
  | 'calendar'
  | 'monitoring'
  | 'settings';

export interface NavItem {
  key: PageKey;
  label: string;
  path: string;
  access: AccessLevel;
  /** What a refused visitor reads, when the screen has its own wording. */
  deniedMessage?: string;
}

/** The routes of the spec, in sidebar order (part 1, section 2); their icons are the sidebar's (navIcons). */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/', access: 'any' },
  { key: 'leads', label: 'Lead Generation', path: '/leads', access: 'any' },
  { key: 'quotes', label: 'Quoting Tool', path: '/quotes', access: 'any' },
  { key: 'documents', label: 'Document Center', path: '/documents', access: 'any' },
  { key: 'integrations', label: 'Integrations Hub', path: '/integrations', access: 'any' },
  { key: 'tasks', label: 'Task Management', path: '/tasks', access: 'any' },
  { key: 'workflows', label: 'Workflow Automation', path: '/workflows', access: 'any' },
  { key: 'team', label: 'Team Management', path: '/team', access: 'admin' },
  {
    key: 'users',
    label: 'User Management',
    path: '/users',
    access: 'admin',
    deniedMessage: "You don't have permission to access user management.",
  },
  { key: 'calendar', label: 'Calendar', path: '/calendar', access: 'any' },
  { key: 'monitoring', label: 'Network Monitoring', path: '/monitoring', access: 'any' },
  { key: 'settings', label: 'Settings', path: '/settings', access: 'admin' },
];

export const DEFAULT_DENIED_MESSAGE = "You don't have permission to access this feature.";

/** The nav entry a location belongs to ('/users/42' -> User Management). */
export function navItemFor(pathname: string): NavItem | undefined {
  if (pathname === '/') return NAV_ITEMS[0];
  return NAV_ITEMS.find(
    (item) => item.path !== '/' && (pathname === item.path || pathname.startsWith(`${item.path}/`)),
  );
}
