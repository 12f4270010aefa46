import { NOTIFICATION_FREQUENCIES, NOTIFICATION_FREQUENCY_LABELS, type Role } from '@sixa/contracts/browser';
// Values, not types: from the module itself (the index would bring the DTOs' validators).
import { ROLE_LABELS } from '../users/userLabels';

export { ROLE_LABELS };

/** The roles an admin gives in the Add New User modal (spec's settings roles first). */
export const SETTINGS_ROLE_ORDER: readonly Role[] = ['admin', 'manager', 'user', 'viewer', 'employee'];
export const ROLE_OPTIONS = SETTINGS_ROLE_ORDER.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Spec: timezone UTC, language en. */
export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_SETTINGS_ROLE: Role = 'user';

export const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
  { value: 'it', label: 'Italian' },
  { value: 'pt', label: 'Portuguese' },
  { value: 'nl', label: 'Dutch' },
  { value: 'ja', label: 'Japanese' },
  { value: 'zh', label: 'Chinese' },
];

/** The browser's time zones (UTC first), or a short list where it cannot list them. */
export function timezoneOptions(): Array<{ value: string; label: string }> {
  const supported =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo'];
  return [DEFAULT_TIMEZONE, ...supported.filter((zone) => zone !== DEFAULT_TIMEZONE)].map((zone) => ({
    value: zone,
    label: zone,
  }));
}

export const USER_DELETE_CONFIRMATION = 'Are you sure you want to delete this user?';
export const PASSWORD_RESET_CONFIRMATION = 'Send password reset email to this user?';

/** The spec's notification frequency options (how often a user is e-mailed their notifications). */
export const FREQUENCY_OPTIONS = NOTIFICATION_FREQUENCIES.map((value) => ({
  value,
  label: NOTIFICATION_FREQUENCY_LABELS[value],
}));

/** " by <name>" of who made a change: a person's name, never their id; nothing when it is not known. */
export function changedBy(change: { updated_by_name: string | null }): string {
  return change.updated_by_name ? ` by ${change.updated_by_name}` : '';
}
