import type { AssistantTool, ChatLink } from '@sixa/contracts';
import type { ApiCall } from '../chat-session.schema';
import type { MeetingParams } from '../intent-parser';
import type { WorkspaceApi } from '../workspace-api';

/** Who is asking, where and when: what every tool reads dates and names in. */
export interface ToolContext {
  api: WorkspaceApi;
  zone: string;
  now: Date;
  user: { id: string; name: string; role: string };
}

/** A change the user has to confirm before it is made. */
export interface Proposal {
  tool: AssistantTool;
  summary: string;
  calls: ApiCall[];
}

/** What a tool gives back: the sentence, links, the data (for a model) and possibly a change to confirm. */
export interface ToolOutcome {
  text: string;
  links?: ChatLink[];
  data?: unknown;
  proposal?: Proposal;
  /** A meeting still missing its time or attendee (remembered for the next message); null forgets it. */
  draftMeeting?: MeetingParams | null;
}

/** How many leads and tasks a summary reads at most (pages of 200). */
const READ_LIMIT = 1000;

/** Every page of a list, up to READ_LIMIT items, and the total the API counts. */
export async function readAll<T>(api: WorkspaceApi, path: string, query: Record<string, string | number | undefined>) {
  const items: T[] = [];
  let after: string | undefined;
  let total = 0;
  do {
    const page = await api.get<T[]>(path, { ...query, limit: 200, after });
    items.push(...(page.body ?? []));
    total = Number(page.headers.get('x-total-count') ?? items.length);
    after = page.headers.get('x-next-cursor') ?? undefined;
  } while (after && items.length < READ_LIMIT);
  return { items, total };
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
