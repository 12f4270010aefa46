import { PERMISSION_DENIED_DETAIL, screenLevel, type AccessLevel } from '@sixa/contracts/browser';

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
  /** Who may open it: the level of the call the screen opens with (SCREEN_ROUTES, libs/contracts). */
  access: AccessLevel;
  /** What a refused visitor reads, when the screen has its own wording. */
  deniedMessage?: string;
}

const SCREENS: ReadonlyArray<Omit<NavItem, 'access'>> = [
  { key: 'dashboard', label: 'Dashboard', path: '/' },
  { key: 'leads', label: 'Lead Generation', path: '/leads' },
  { key: 'quotes', label: 'Quoting Tool', path: '/quotes' },
  { key: 'documents', label: 'Document Center', path: '/documents' },
  { key: 'integrations', label: 'Integrations Hub', path: '/integrations' },
  { key: 'tasks', label: 'Task Management', path: '/tasks' },
  { key: 'workflows', label: 'Workflow Automation', path: '/workflows' },
  { key: 'team', label: 'Team Management', path: '/team' },
  {
    key: 'users',
    label: 'User Management',
    path: '/users',
    deniedMessage: "You don't have permission to access user management.",
  },
  { key: 'calendar', label: 'Calendar', path: '/calendar' },
  { key: 'monitoring', label: 'Network Monitoring', path: '/monitoring' },
  { key: 'settings', label: 'Settings', path: '/settings' },
];

/**
 * The routes of the spec, in sidebar order (part 1, section 2); their icons are the sidebar's
 * (navIcons). Who may open each is the server's table: the level of the call the screen opens with.
 */
export const NAV_ITEMS: readonly NavItem[] = SCREENS.map((screen) => ({ ...screen, access: screenLevel(screen.key) }));

export const DEFAULT_DENIED_MESSAGE = PERMISSION_DENIED_DETAIL;

/** The nav entry a location belongs to ('/users/42' -> User Management). */
export function navItemFor(pathname: string): NavItem | undefined {
  if (pathname === '/') return NAV_ITEMS[0];
  return NAV_ITEMS.find(
    (item) => item.path !== '/' && (pathname === item.path || pathname.startsWith(`${item.path}/`)),
  );
}
