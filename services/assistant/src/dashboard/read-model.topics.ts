import { TOPICS } from '@sixa/contracts';

/** The topics the dashboard's read model is fed from (and the assistant publishes to). */
export const READ_MODEL_TOPICS = [
  TOPICS.auth,
  TOPICS.crm,
  TOPICS.work,
  TOPICS.monitoring,
  TOPICS.assistant,
  TOPICS.presence,
] as const;
