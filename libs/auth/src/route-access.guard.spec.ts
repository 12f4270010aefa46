import { ForbiddenException, type ExecutionContext } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { PERMISSION_DENIED_DETAIL, READ_ONLY_ROLE_DETAIL, type Role } from '@sixa/contracts';
import { RouteAccessGuard } from './auth.module';

/** A request as Fastify hands it to the guard: the method and the route pattern it matched. */
const context = (method: string, pattern: string | undefined, role?: Role): ExecutionContext => {
  const req = {
    method,
    url: pattern ?? '/nowhere',
    routeOptions: { url: pattern },
    user: role ? { id: 'u', role, name: '', email: '', iat: 0 } : undefined,
  };
  return new ExecutionContextHost([req]);
};

describe(RouteAccessGuard.name, () => {
  const guard = new RouteAccessGuard();
  // The token's verification (passport) is not what these tests are about: it "passes" and the
  // request already carries its user. The integration tests go through real tokens.
  const verification = jest.spyOn(Object.getPrototypeOf(RouteAccessGuard.prototype), 'canActivate');
  beforeEach(() => verification.mockReset().mockResolvedValue(true));
  afterAll(() => verification.mockRestore());

  const refusal = async (method: string, pattern: string | undefined, role?: Role) => {
    try {
      await guard.canActivate(context(method, pattern, role));
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(ForbiddenException);
      return ((e as ForbiddenException).getResponse() as { detail: string }).detail;
    }
  };

  it('lets public and internal routes through without asking for a token', async () => {
    expect(await refusal('POST', '/auth/login')).toBeNull();
    expect(await refusal('GET', '/health')).toBeNull();
    expect(verification).not.toHaveBeenCalled();
  });

  it('asks for a token on every other declared route', async () => {
    expect(await refusal('GET', '/leads', 'viewer')).toBeNull();
    expect(verification).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['POST', '/leads'],
    ['PUT', '/integrations/connections/:id'],
    ['DELETE', '/calendar/events/:id'],
  ])("refuses a viewer's %s %s as read-only", async (method, pattern) => {
    expect(await refusal(method, pattern, 'viewer')).toBe(READ_ONLY_ROLE_DETAIL);
  });

  it('lets a viewer make the writes its row allows', async () => {
    expect(await refusal('PUT', '/auth/me/preferences', 'viewer')).toBeNull();
  });

  it.each(['admin', 'employee', 'manager', 'user'] as const)('lets a %s write the business', async (role) => {
    expect(await refusal('POST', '/leads', role)).toBeNull();
  });

  it('keeps admin routes to admins, whatever the method', async () => {
    expect(await refusal('GET', '/team', 'manager')).toBe(PERMISSION_DENIED_DETAIL);
    expect(await refusal('GET', '/settings/system', 'viewer')).toBe(PERMISSION_DENIED_DETAIL);
    expect(await refusal('DELETE', '/users/:id', 'admin')).toBeNull();
  });

  it('refuses a route the table does not declare, naming it', async () => {
    expect(await refusal('PATCH', '/leads/:id', 'admin')).toBe('PATCH /leads/:id has no access declaration: refused');
    expect(await refusal('GET', undefined, 'admin')).toBe('GET /nowhere has no access declaration: refused');
  });
});
