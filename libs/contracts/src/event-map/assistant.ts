import type { AssistantActionData } from '../assistant';
import { TOPICS, type Topic } from './topics';

/** The events of the assistant (the changes it makes for a user), and their data. */
export interface AssistantEvents {
  /** A change the assistant made for a user through the workspace's API (after the user confirmed it). */
  'assistant.action_completed': AssistantActionData;
  /** A change the assistant tried and the API refused or failed (`error` says why). */
  'assistant.action_failed': AssistantActionData;
}

/** Which topic each of them is published on. */
export const ASSISTANT_EVENT_TOPICS: { [K in keyof AssistantEvents]: Topic } = {
  'assistant.action_completed': TOPICS.assistant,
  'assistant.action_failed': TOPICS.assistant,
};
