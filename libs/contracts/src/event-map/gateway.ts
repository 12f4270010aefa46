import { TOPICS, type Topic } from './topics';

/** The events of the gateway (presence), and their data. */
export interface GatewayEvents {
  /** A signed-in user made an authenticated request (or holds the monitoring stream) at `at`. */
  'user.seen': { user_id: string; email: string; at: string };
}

/** Which topic each of them is published on. */
export const GATEWAY_EVENT_TOPICS: { [K in keyof GatewayEvents]: Topic } = {
  'user.seen': TOPICS.presence,
};
