import { hasAccess } from './routes';

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
