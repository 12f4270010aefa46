import { ForbiddenException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { READ_ONLY_ROLE_DETAIL, type Role } from '@sixa/contracts';
import { AccessLevelGuard, RequireLevel, ViewerMayWrite } from './auth.module';

class Handlers {
  write() {}
  @ViewerMayWrite()
  ownPreferences() {}
  @RequireLevel('admin')
  adminOnly() {}
}

const context = (handler: keyof Handlers, method: string, role: Role): ExecutionContext =>
  ({
    getHandler: () => Handlers.prototype[handler],
    getClass: () => Handlers,
    switchToHttp: () => ({ getRequest: () => ({ method, user: { id: 'u', role, name: '', email: '', iat: 0 } }) }),
  }) as unknown as ExecutionContext;

describe(AccessLevelGuard.name, () => {
  const guard = new AccessLevelGuard(new Reflector());
  const refusal = (handler: keyof Handlers, method: string, role: Role) => {
    try {
      guard.canActivate(context(handler, method, role));
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(ForbiddenException);
      return ((e as ForbiddenException).getResponse() as { detail: string }).detail;
    }
  };

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])("refuses a viewer's %s as read-only", (method) => {
    expect(refusal('write', method, 'viewer')).toBe(READ_ONLY_ROLE_DETAIL);
  });

  it.each(['GET', 'HEAD', 'OPTIONS'])('lets a viewer %s', (method) => {
    expect(refusal('write', method, 'viewer')).toBeNull();
  });

  it('lets a viewer write where the handler is marked @ViewerMayWrite()', () => {
    expect(refusal('ownPreferences', 'PUT', 'viewer')).toBeNull();
  });

  it.each(['admin', 'employee', 'manager', 'user'] as const)('lets a %s write', (role) => {
    expect(refusal('write', 'POST', role)).toBeNull();
  });

  it('keeps admin routes to admins, whatever the method', () => {
    expect(refusal('adminOnly', 'GET', 'manager')).toBe("You don't have permission to access this feature.");
    expect(refusal('adminOnly', 'GET', 'viewer')).toBe("You don't have permission to access this feature.");
    expect(refusal('adminOnly', 'DELETE', 'admin')).toBeNull();
  });
});
