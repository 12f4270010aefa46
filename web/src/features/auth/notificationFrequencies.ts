import {
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_FREQUENCY_LABELS,
  type NotificationFrequency,
} from '@sixa/contracts/browser';
// Values, not types: from the module itself, as storedSession.ts does (the index would bring the DTOs' validators).

const DESCRIPTIONS: Record<NotificationFrequency, string> = {
  immediate: 'one e-mail as each thing happens',
  hourly: 'one e-mail an hour, when there is something',
  daily: 'one e-mail a day, when there is something',
  weekly: 'one e-mail a week, when there is something',
};

/** The spec's notification frequency options, as people read them. */
export const FREQUENCY_CHOICES = NOTIFICATION_FREQUENCIES.map((value) => ({
  value,
  label: NOTIFICATION_FREQUENCY_LABELS[value],
  description: DESCRIPTIONS[value],
}));
