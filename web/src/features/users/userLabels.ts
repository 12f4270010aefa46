import type { Role } from '@sixa/contracts/browser';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  employee: 'Employee',
  manager: 'Manager',
  user: 'User',
  viewer: 'Viewer',
};

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this user? This action cannot be undone.';
