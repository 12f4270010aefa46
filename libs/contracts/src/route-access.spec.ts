import { PROCESS_ROUTES, ROUTE_ACCESS, SCREEN_ROUTES } from './route-access';
import { declaredLevel, type AccessLevel } from './routes';
import { MENU_KEYS } from './settings';

const rows = Object.entries(ROUTE_ACCESS).flatMap(([service, section]) =>
  Object.entries(section).map(([key, level]) => ({ service, key, level: level as AccessLevel })),
);

/**
 * The only writes a viewer (the read-only role) may make: its own display choices (theme, how often it
 * is e-mailed), its own calendar subscription secret, its own conversation with the assistant, and two
 * reads that travel as POST. Anything else declared `any` on a write is a mistake this test stops.
 * (Signing out is public: the auth service checks the token it ends.)
 */
const VIEWER_WRITES = [
  'PUT /auth/me/preferences',
  'POST /calendar/feed-link/rotate',
  'POST /chat/message',
  'POST /documents/verify',
  'POST /document-templates/:id/preview',
];

describe('ROUTE_ACCESS', () => {
  it('declares each route once, across every section and the routes every process serves', () => {
    const keys = [...rows.map((r) => r.key), ...Object.keys(PROCESS_ROUTES)];
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  // (The gateway's own keys are as its plugins register them: `OPTIONS *`, `GET /api/docs/`.)
  it('writes each key as METHOD /path with named parameters', () => {
    const malformed = [...rows.map((r) => r.key), ...Object.keys(PROCESS_ROUTES)].filter(
      (k) =>
        !/^(GET|POST|PUT|PATCH|DELETE) \/([A-Za-z0-9._-]+|:[A-Za-z][A-Za-z0-9_]*(\.[a-z]+)?|\*)?(\/([A-Za-z0-9._-]+|:[A-Za-z][A-Za-z0-9_]*(\.[a-z]+)?|\*))*$/.test(
          k,
        ),
    );
    expect(malformed).toEqual([]);
  });

  it('lets a viewer make only its own few writes', () => {
    const viewerWrites = rows.filter((r) => !r.key.startsWith('GET ') && r.level === 'any').map((r) => r.key);
    expect(viewerWrites.sort()).toEqual([...VIEWER_WRITES].sort());
  });

  it('keeps the admin-only areas of the spec (Team, Users, Settings) to admins', () => {
    const adminArea = /^\w+ \/(team|users|settings)(\/|$)/;
    const open = rows.filter((r) => adminArea.test(r.key) && r.level !== 'admin').map((r) => `${r.key}: ${r.level}`);
    // What the shell needs for everyone; the settings service narrows each to the caller's own.
    expect(open.sort()).toEqual(
      [
        'GET /settings/branding: any',
        'GET /settings/dashboard-widgets/:userId: any',
        'GET /settings/menu-config/:role: any',
        'PUT /settings/dashboard-widgets/:userId: employee',
      ].sort(),
    );
  });

  it('opens every screen with a declared call', () => {
    expect(Object.keys(SCREEN_ROUTES).sort()).toEqual([...MENU_KEYS].sort());
    for (const key of Object.values(SCREEN_ROUTES)) {
      const [method, path] = key.split(' ') as [string, string];
      expect([key, declaredLevel(method, path)]).not.toEqual([key, undefined]);
    }
  });
});
