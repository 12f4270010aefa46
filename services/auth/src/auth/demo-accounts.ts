import type { Role } from '@sixa/contracts';

/**
 * The demo accounts that `POST /auth/initialize-default-users` creates in demo mode and the login
 * screen's quick-fill buttons use (web/src/features/auth/demoAccounts.ts holds the same two).
 */
export const DEMO_ACCOUNTS: ReadonlyArray<{ name: string; email: string; password: string; role: Role }> = [
  { name: 'Admin User', email: 'admin@sixa.local', password: 'Admin123!', role: 'admin' },
  { name: 'Employee User', email: 'employee@sixa.local', password: 'Employee123!', role: 'employee' },
];
