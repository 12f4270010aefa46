import {
  declaredLevel,
  hasAccess,
  matchRoute,
  methodsAt,
  PERMISSION_DENIED_DETAIL,
  READ_ONLY_ROLE_DETAIL,
  refusalDetail,
  routeKey,
  screenLevel,
  undeclaredRoutes,
} from './routes';

describe(hasAccess.name, () => {
  it.each([
    ['admin', 'admin', true],
    ['employee', 'admin', false],
    ['manager', 'admin', false],
    ['admin', 'employee', true],
    ['employee', 'employee', true],
    ['manager', 'employee', true],
    ['user', 'employee', true],
    ['viewer', 'employee', false],
    ['viewer', 'any', true],
    ['employee', 'any', true],
    [null, 'any', false],
    [null, 'public', true],
    ['viewer', 'public', true],
    ['admin', 'internal', false],
  ] as const)('role %s at level %s -> %s', (role, level, expected) => {
    expect(hasAccess(role, level)).toBe(expected);
  });
});

describe(refusalDetail.name, () => {
  it('tells a viewer refused a business write that it reads only', () => {
    expect(refusalDetail('viewer', 'employee')).toBe(READ_ONLY_ROLE_DETAIL);
  });

  it('tells a role below admin that it has no permission', () => {
    expect(refusalDetail('viewer', 'admin')).toBe(PERMISSION_DENIED_DETAIL);
    expect(refusalDetail('manager', 'admin')).toBe(PERMISSION_DENIED_DETAIL);
  });

  it('has nothing to say to a role that meets the level', () => {
    expect(refusalDetail('user', 'employee')).toBeNull();
    expect(refusalDetail('viewer', 'any')).toBeNull();
  });
});

describe(declaredLevel.name, () => {
  it('finds a route by its method and pattern, HEAD as its GET', () => {
    expect(declaredLevel('PUT', '/integrations/connections/:id')).toBe('employee');
    expect(declaredLevel('HEAD', '/leads')).toBe('any');
    expect(declaredLevel('get', '/health')).toBe('internal');
  });

  it('knows nothing of a route that is not declared, or of a concrete path', () => {
    expect(declaredLevel('PATCH', '/leads/:id')).toBeUndefined();
    expect(declaredLevel('PUT', '/leads/abc')).toBeUndefined();
  });
});

describe(matchRoute.name, () => {
  it('prefers a static segment to a parameter, as the services router does', () => {
    expect(matchRoute('GET', '/leads/export.csv')?.key).toBe('GET /leads/export.csv');
    expect(matchRoute('GET', '/leads/stats')?.key).toBe('GET /leads/stats');
    expect(matchRoute('GET', '/leads/6b0a')?.key).toBe('GET /leads/:id');
    expect(matchRoute('GET', '/workflows/runs/runs')?.key).toBe('GET /workflows/runs/:runId');
  });

  it('leaves a path a static route names to that route: another method there is no record by that name', () => {
    expect(matchRoute('PUT', '/leads/stats')).toBeNull();
    expect(matchRoute('DELETE', '/team/stats')).toBeNull();
    expect(matchRoute('PUT', '/calendar/events/abc.ics')).toBeNull();
    expect(methodsAt('/leads/stats')).toEqual(['GET']);
    expect(methodsAt('/leads/6b0a')).toEqual(['GET', 'PUT']);
  });

  it('reads a parameter followed by text in one segment', () => {
    expect(matchRoute('GET', '/calendar/events/abc.ics')?.key).toBe('GET /calendar/events/:id.ics');
    expect(matchRoute('GET', '/calendar/feed/a.b.c.ics')?.key).toBe('GET /calendar/feed/:token.ics');
    expect(matchRoute('GET', '/calendar/feed/abc')).toBeNull();
  });

  it('lets a parameter span one segment only', () => {
    expect(matchRoute('GET', '/leads/a/b')).toBeNull();
    expect(matchRoute('GET', '/leads/')).toBeNull();
  });

  it('names the section that declares the route', () => {
    expect(matchRoute('POST', '/settings/users')).toEqual({
      service: 'auth',
      key: 'POST /settings/users',
      level: 'admin',
    });
  });
});

describe(undeclaredRoutes.name, () => {
  it('names the registered routes its section does not declare', () => {
    expect(
      undeclaredRoutes('crm', [
        { method: 'GET', path: '/leads' },
        { method: 'HEAD', path: '/leads' },
        { method: 'GET', path: '/health' },
        { method: 'DELETE', path: '/leads/:id' },
        { method: 'GET', path: '/tasks' },
      ]),
    ).toEqual(['DELETE /leads/:id', 'GET /tasks']);
  });

  it("checks the gateway's own routes against its own section", () => {
    expect(
      undeclaredRoutes('gateway', [
        { method: 'GET', path: '/api' },
        { method: 'POST', path: '/api/*' },
        { method: 'GET', path: '/leads' },
      ]),
    ).toEqual(['GET /leads']);
  });
});

describe(routeKey.name, () => {
  it('answers HEAD with the GET route', () => {
    expect(routeKey('head', '/leads')).toBe('GET /leads');
  });
});

describe(screenLevel.name, () => {
  it.each([
    ['team', 'admin'],
    ['users', 'admin'],
    ['settings', 'admin'],
    ['leads', 'any'],
    ['integrations', 'any'],
    ['dashboard', 'any'],
  ] as const)('opens %s at level %s (spec: admin-only screens are Team, Users and Settings)', (screen, level) => {
    expect(screenLevel(screen)).toBe(level);
  });
});
