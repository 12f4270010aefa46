import type { AssistantActionData } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';

const SOURCE = 'assistant';

/** Keyed by the action's id: consumers dedupe on it (one action, one outcome). */
export const actionCompleted = (actor: string, data: AssistantActionData) =>
  createEvent(SOURCE, 'assistant.action_completed', data.action_id, actor, data);

export const actionFailed = (actor: string, data: AssistantActionData) =>
  createEvent(SOURCE, 'assistant.action_failed', data.action_id, actor, data);
