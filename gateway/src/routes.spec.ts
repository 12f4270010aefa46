import { isFramable, isSuspiciousPath, isUpload, resolveRoute, uploadLimitOf } from './routes';

describe(resolveRoute.name, () => {
  it.each([
    ['POST', '/auth/login', { service: 'auth', access: 'public' }],
    ['GET', '/auth/me', { service: 'auth', access: 'any' }],
    ['GET', '/users', { service: 'auth', access: 'admin' }],
    ['DELETE', '/users/abc', { service: 'auth', access: 'admin' }],
    ['GET', '/settings/users', { service: 'auth', access: 'admin' }],
    ['GET', '/settings/system', { service: 'settings', access: 'admin' }],
    ['GET', '/team', { service: 'work', access: 'admin' }],
    ['GET', '/leads', { service: 'crm', access: 'any' }],
    ['GET', '/quotes/public/abc.def', { service: 'crm', access: 'public' }],
    ['POST', '/quotes/public/abc.def/accept', { service: 'crm', access: 'public' }],
    ['POST', '/quotes/abc/send', { service: 'crm', access: 'any' }],
    ['GET', '/monitoring/alerts', { service: 'monitoring', access: 'any' }],
    ['GET', '/documents/shared/abc', { service: 'documents', access: 'public' }],
    ['GET', '/documents/signing/abc.def', { service: 'documents', access: 'public' }],
    ['POST', '/documents/signing/abc.def/sign', { service: 'documents', access: 'public' }],
    ['DELETE', '/documents/shared/abc', { service: 'documents', access: 'any' }],
    ['POST', '/documents/abc/share-link', { service: 'documents', access: 'any' }],
    ['GET', '/document-templates', { service: 'documents', access: 'any' }],
    ['POST', '/documents/convert', { service: 'documents', access: 'any' }],
    ['POST', '/documents/verify', { service: 'documents', access: 'any' }],
    ['POST', '/auth/change-expired-password', { service: 'auth', access: 'public' }],
    ['POST', '/auth/logout', { service: 'auth', access: 'public' }],
    ['POST', '/auth/forgot-password', { service: 'auth', access: 'public' }],
    ['POST', '/auth/reset-password/check', { service: 'auth', access: 'public' }],
    ['POST', '/auth/reset-password', { service: 'auth', access: 'public' }],
    ['POST', '/settings/users/abc/reset-password', { service: 'auth', access: 'admin' }],
    ['POST', '/settings/users', { service: 'auth', access: 'admin' }],
    ['GET', '/settings/branding', { service: 'settings', access: 'any' }],
    ['GET', '/settings/branding/', { service: 'settings', access: 'any' }],
    ['PUT', '/settings/branding', { service: 'settings', access: 'admin' }],
    ['GET', '/settings/menu-config/employee', { service: 'settings', access: 'any' }],
    ['PUT', '/settings/menu-config/employee', { service: 'settings', access: 'admin' }],
    ['GET', '/settings/menu-config', { service: 'settings', access: 'admin' }],
    ['GET', '/settings/menu-config/employee/x', { service: 'settings', access: 'admin' }],
    ['GET', '/settings/dashboard-widgets/65f1c0ffee0000000000abcd', { service: 'settings', access: 'any' }],
    ['PUT', '/settings/dashboard-widgets/65f1c0ffee0000000000abcd', { service: 'settings', access: 'any' }],
    ['DELETE', '/settings/dashboard-widgets/65f1c0ffee0000000000abcd', { service: 'settings', access: 'admin' }],
    ['GET', '/settings/dashboard-widgets', { service: 'settings', access: 'admin' }],
    ['GET', '/settings/rate-limits', { service: 'settings', access: 'admin' }],
    ['GET', '/settings/brandingx', { service: 'settings', access: 'admin' }],
  ])('routes %s %s', (method, path, expected) => {
    expect(resolveRoute(method, path)).toEqual(expected);
  });

  it('does not treat a look-alike prefix as the prefix', () => {
    expect(resolveRoute('GET', '/usersx')).toBeNull();
    expect(resolveRoute('GET', '/teams')).toBeNull();
  });

  it('makes only the exact public routes public', () => {
    expect(resolveRoute('GET', '/auth/login')?.access).toBe('any');
    expect(resolveRoute('POST', '/auth/login/x')?.access).toBe('any');
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
