import { hasAccess, isWriteRefusedFor } from './routes';

describe(hasAccess.name, () => {
  it.each([
    ['admin', 'admin', true],
    ['employee', 'admin', false],
    ['admin', 'employee', true],
    ['employee', 'employee', true],
    ['employee', 'any', true],
    [null, 'any', false],
  ] as const)('role %s at level %s -> %s', (role, level, expected) => {
    expect(hasAccess(role, level)).toBe(expected);
  });
});

describe(isWriteRefusedFor.name, () => {
  it.each([
    ['viewer', 'GET', '/leads', false],
    ['viewer', 'HEAD', '/leads', false],
    ['viewer', 'OPTIONS', '/leads', false],
    ['viewer', 'POST', '/leads', true],
    ['viewer', 'put', '/leads/x', true],
    ['viewer', 'PATCH', '/users/x/toggle-status', true],
    ['viewer', 'DELETE', '/calendar/events/x', true],
    ['viewer', 'PUT', '/auth/me/preferences', false],
    ['viewer', 'PUT', '/auth/me/preferences/', false],
    ['viewer', 'POST', '/auth/me/preferences', true],
    ['manager', 'POST', '/leads', false],
    ['user', 'DELETE', '/leads/x', false],
    ['employee', 'POST', '/leads', false],
  ] as const)('role %s: %s %s refused -> %s', (role, method, path, expected) => {
    expect(isWriteRefusedFor(role, method, path)).toBe(expected);
  });
});
