/**
 * Demo credentials behind the login screen's quick-fill buttons. They exist only where the server
 * runs in demo mode (POST /auth/initialize-default-users creates them).
 */
export const DEMO_ACCOUNTS = {
  admin: {
    label: 'Login as Admin (Full Access)',
    email: 'admin@sixa.local',
    password: 'Admin123!',
  },
  employee: {
    label: 'Login as Employee (Limited Access)',
    email: 'employee@sixa.local',
    password: 'Employee123!',
  },
} as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS];
