import { ROUTE_ACCESS, type ServiceName } from '@sixa/contracts';
import {
  allowedMethods,
  isFramable,
  isSuspiciousPath,
  isUpload,
  resolveRoute,
  serviceOf,
  uploadLimitOf,
} from './routes';

describe(resolveRoute.name, () => {
  it.each([
    ['POST', '/auth/login', { service: 'auth', route: 'POST /auth/login', access: 'public' }],
    ['GET', '/auth/me', { service: 'auth', route: 'GET /auth/me', access: 'any' }],
    ['GET', '/users', { service: 'auth', route: 'GET /users', access: 'admin' }],
    ['DELETE', '/users/abc', { service: 'auth', route: 'DELETE /users/:id', access: 'admin' }],
    ['GET', '/settings/users', { service: 'auth', route: 'GET /settings/users', access: 'admin' }],
    ['GET', '/settings/system', { service: 'settings', route: 'GET /settings/system', access: 'admin' }],
    ['GET', '/team', { service: 'work', route: 'GET /team', access: 'admin' }],
    ['GET', '/leads', { service: 'crm', route: 'GET /leads', access: 'any' }],
    ['GET', '/leads/', { service: 'crm', route: 'GET /leads', access: 'any' }],
    ['HEAD', '/leads', { service: 'crm', route: 'GET /leads', access: 'any' }],
    ['POST', '/leads', { service: 'crm', route: 'POST /leads', access: 'employee' }],
    ['GET', '/leads/export.csv', { service: 'crm', route: 'GET /leads/export.csv', access: 'any' }],
    ['GET', '/leads/abc', { service: 'crm', route: 'GET /leads/:id', access: 'any' }],
    ['GET', '/quotes/public/abc.def', { service: 'crm', route: 'GET /quotes/public/:token', access: 'public' }],
    [
      'POST',
      '/quotes/public/abc.def/accept',
      { service: 'crm', route: 'POST /quotes/public/:token/accept', access: 'public' },
    ],
    ['POST', '/quotes/abc/send', { service: 'crm', route: 'POST /quotes/:id/send', access: 'employee' }],
    ['GET', '/workflows/runs/r1', { service: 'work', route: 'GET /workflows/runs/:runId', access: 'any' }],
    ['GET', '/workflows/runs/runs', { service: 'work', route: 'GET /workflows/runs/:runId', access: 'any' }],
    ['GET', '/workflows/w1/runs', { service: 'work', route: 'GET /workflows/:id/runs', access: 'any' }],
    ['GET', '/calendar/events/e1.ics', { service: 'work', route: 'GET /calendar/events/:id.ics', access: 'any' }],
    ['GET', '/calendar/events/e1', { service: 'work', route: 'GET /calendar/events/:id', access: 'any' }],
    ['GET', '/calendar/feed/t.k.ics', { service: 'work', route: 'GET /calendar/feed/:token.ics', access: 'public' }],
    ['GET', '/documents/shared/abc', { service: 'documents', route: 'GET /documents/shared/:token', access: 'public' }],
    [
      'POST',
      '/documents/signing/abc.def/sign',
      { service: 'documents', route: 'POST /documents/signing/:token/sign', access: 'public' },
    ],
    ['POST', '/documents/verify', { service: 'documents', route: 'POST /documents/verify', access: 'any' }],
    ['POST', '/documents/convert', { service: 'documents', route: 'POST /documents/convert', access: 'employee' }],
    [
      'PUT',
      '/integrations/connections/c1',
      { service: 'integrations', route: 'PUT /integrations/connections/:id', access: 'employee' },
    ],
    ['GET', '/settings/branding/', { service: 'settings', route: 'GET /settings/branding', access: 'any' }],
    [
      'GET',
      '/settings/menu-config/employee',
      { service: 'settings', route: 'GET /settings/menu-config/:role', access: 'any' },
    ],
    [
      'PUT',
      '/settings/menu-config/employee',
      { service: 'settings', route: 'PUT /settings/menu-config/:role', access: 'admin' },
    ],
    [
      'PUT',
      '/settings/dashboard-widgets/65f1c0ffee0000000000abcd',
      { service: 'settings', route: 'PUT /settings/dashboard-widgets/:userId', access: 'employee' },
    ],
    ['PUT', '/auth/me/preferences', { service: 'auth', route: 'PUT /auth/me/preferences', access: 'any' }],
    ['POST', '/auth/logout', { service: 'auth', route: 'POST /auth/logout', access: 'public' }],
    ['POST', '/auth/forgot-password', { service: 'auth', route: 'POST /auth/forgot-password', access: 'public' }],
    [
      'POST',
      '/auth/reset-password/check',
      { service: 'auth', route: 'POST /auth/reset-password/check', access: 'public' },
    ],
    ['POST', '/auth/reset-password', { service: 'auth', route: 'POST /auth/reset-password', access: 'public' }],
    [
      'POST',
      '/settings/users/abc/reset-password',
      { service: 'auth', route: 'POST /settings/users/:id/reset-password', access: 'admin' },
    ],
  ])('routes %s %s by its declaration', (method, path, expected) => {
    expect(resolveRoute(method, path)).toEqual(expected);
  });

  it.each([
    ['GET', '/usersx'],
    ['GET', '/teams'],
    ['GET', '/auth/login'],
    ['POST', '/auth/login/x'],
    ['DELETE', '/settings/dashboard-widgets/65f1c0ffee0000000000abcd'],
    ['GET', '/settings/menu-config/employee/x'],
    ['GET', '/settings/brandingx'],
    ['DELETE', '/monitoring/alerts/65f1c0ffee0000000000abcd'],
    ['GET', '/internal/rate-limits'],
    ['GET', '/health'],
  ])('reaches nothing with %s %s, which no row declares for /api', (method, path) => {
    expect(resolveRoute(method, path)).toBeNull();
  });

  it('routes every declared service route to the service whose section declares it', () => {
    const astray = (Object.keys(ROUTE_ACCESS) as ServiceName[]).flatMap((service) =>
      Object.entries(ROUTE_ACCESS[service])
        .filter(([, level]) => level !== 'internal')
        .map(([key]) => key.split(' ')[1]!)
        .filter((path) => serviceOf(path) !== service)
        .map((path) => `${service}: ${path}`),
    );
    expect(astray).toEqual([]);
  });

  it('keeps the routes only services call away from /api', () => {
    expect(serviceOf('/internal/rate-limits')).toBeNull();
    expect(serviceOf('/health')).toBeNull();
  });

  it.each(['/auth/../users', '/auth/%2e%2e/users', '/a//b', '/a/./b', '/a%2fb', '/a\\b'])(
    'flags %s as suspicious',
    (p) => {
      expect(isSuspiciousPath(p)).toBe(true);
    },
  );

  it('lets ordinary paths through', () => {
    expect(isSuspiciousPath('/users/6b02/toggle-status')).toBe(false);
  });
});

describe(isUpload.name, () => {
  it('gives the upload limit to the lead import and the document files only', () => {
    expect(isUpload('POST', '/leads/import')).toBe(true);
    expect(isUpload('POST', '/leads/import/')).toBe(true);
    expect(isUpload('GET', '/leads/import')).toBe(false);
    expect(isUpload('POST', '/leads')).toBe(false);
    expect(isUpload('POST', '/leads/import/x')).toBe(false);
    expect(isUpload('POST', '/documents/convert')).toBe(true);
    expect(isUpload('POST', '/documents/verify')).toBe(true);
    expect(isUpload('GET', '/documents/convert')).toBe(false);
    expect(isUpload('POST', '/documents')).toBe(false);
    expect(isUpload('POST', '/documents/abc/share-link')).toBe(false);
  });

  it('gives the document files (base64 in JSON) their own, larger limit', () => {
    expect(uploadLimitOf('POST', '/leads/import')).toBe('upload');
    expect(uploadLimitOf('POST', '/documents/convert')).toBe('document');
    expect(uploadLimitOf('POST', '/documents/verify/')).toBe('document');
    expect(uploadLimitOf('POST', '/documents')).toBeNull();
  });
});

describe('isFramable', () => {
  it.each([
    ['GET', '/documents/signing/abc.def/pdf', true],
    ['GET', '/documents/65f1c0ffee0000000000abcd/pdf', true],
    ['GET', '/documents/65f1c0ffee0000000000abcd/signed-pdf', true],
    ['POST', '/documents/signing/abc.def/pdf', false],
    ['GET', '/documents/signing/abc.def', false],
    ['GET', '/documents/65f1c0ffee0000000000abcd', false],
    ['GET', '/documents/a/b/pdf', false],
    ['GET', '/leads/pdf', false],
  ])('%s %s → %s', (method, path, expected) => {
    expect(isFramable(method, path)).toBe(expected);
  });
});

describe(allowedMethods.name, () => {
  it('lists the methods a known path has, HEAD beside GET, for a 405', () => {
    expect(allowedMethods('/leads')).toEqual(['GET', 'POST', 'HEAD']);
    expect(allowedMethods('/leads/')).toEqual(['GET', 'POST', 'HEAD']);
    expect(allowedMethods('/auth/login')).toEqual(['POST']);
  });

  it("lists the gateway's own routes' methods too", () => {
    expect(allowedMethods('')).toEqual(['GET', 'HEAD']);
    expect(allowedMethods('/initialize-mock-data')).toEqual(['POST']);
    expect(allowedMethods('/docs/openapi.json')).toEqual(['GET', 'HEAD']);
  });

  it('is empty for a path no method has, an internal one, or one outside every service', () => {
    expect(allowedMethods('/leads/a/b/c')).toEqual([]);
    expect(allowedMethods('/internal/rate-limits')).toEqual([]);
    expect(allowedMethods('/nope')).toEqual([]);
  });

  it('agrees with resolveRoute: every method it lists is routed, every other one is not', () => {
    for (const path of ['/leads', '/leads/x1', '/tasks/x1/status', '/documents/x1/pdf', '/settings/security']) {
      const allowed = allowedMethods(path);
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
        expect([path, method, resolveRoute(method, path) !== null]).toEqual([path, method, allowed.includes(method)]);
    }
  });
});
