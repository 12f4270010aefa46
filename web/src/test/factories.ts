import type { User } from '@sixa/contracts/browser';

let sequence = 0;

/** A user as GET /api/users returns it. */
export function buildUser(overrides: Partial<User> = {}): User {
  sequence += 1;
  return {
    id: `user-${sequence}`,
    etag: `0.user-${sequence}`,
    name: `User ${sequence}`,
    email: `user${sequence}@sixa.local`,
    role: 'employee',
    is_active: true,
    created_at: '2025-01-15T09:30:00.000Z',
    updated_at: '2025-01-15T09:30:00.000Z',
    last_login: null,
    avatar: null,
    ...overrides,
  };
}

export const adminUser = (overrides: Partial<User> = {}) =>
  buildUser({ id: 'admin-1', name: 'Ada Admin', email: 'admin@sixa.local', role: 'admin', ...overrides });

export const employeeUser = (overrides: Partial<User> = {}) =>
  buildUser({ id: 'employee-1', name: 'Eve Employee', email: 'employee@sixa.local', role: 'employee', ...overrides });
