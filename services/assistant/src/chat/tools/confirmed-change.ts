import type { AssistantTool, ChatLink } from '@sixa/contracts';
import { randomBytes } from 'node:crypto';
import type { ApiCall } from '../chat-session.schema';
import { explainApiError } from '../workspace-api';
import { maker, type Maker } from './created';
import { meetingCreated } from './meeting-tools';
import { taskCreated } from './task-tools';
import type { ToolContext } from './tool-context';
import { userCreated } from './user-tools';
import { workflowCreated } from './workflow-tools';

// Carrying out a confirmed change: each call posted to its domain's route and said back as that record.

const KINDS = [maker(taskCreated), maker(meetingCreated), maker(workflowCreated), maker(userCreated)];

/** A call to a route none of the kinds know: made, and said in general words. */
const ANY_CHANGE: Maker = {
  what: 'make that change',
  make: async (api, call, body) => {
    await api.send<unknown>(call.method, call.path, body);
    return { text: 'made the change', link: { label: 'Dashboard', href: '/' } };
  },
};

const kindOf = (path: string): Maker => KINDS.find((k) => path.startsWith(k.prefix)) ?? ANY_CHANGE;

export interface Executed {
  ok: boolean;
  text: string;
  links: ChatLink[];
  /** The same sentence with any secret hidden (what the history keeps). */
  storedText: string;
  error?: string;
}

/** A password nobody chose: shown once to the admin who created the user, never stored. */
function temporaryPassword(): string {
  return `Sx-${randomBytes(9).toString('base64url')}`;
}

/** Makes the calls of a confirmed change, in order; says what was done and links to it. */
export async function execute(ctx: ToolContext, tool: AssistantTool, calls: ApiCall[]): Promise<Executed> {
  const links: ChatLink[] = [];
  const done: string[] = [];
  const failures: string[] = [];
  let secret: string | null = null;
  for (const call of calls) {
    const body = { ...call.body };
    if (call.generatePassword) body.password = secret = temporaryPassword();
    const kind = kindOf(call.path);
    try {
      const item = await kind.make(ctx.api, call, body, ctx.zone);
      done.push(item.text);
      links.push(item.link);
    } catch (e) {
      failures.push(explainApiError(e, kind.what));
    }
  }
  const ok = done.length > 0;
  const parts = [ok ? `Done: ${done.join('; ')}.` : '', failures.length ? [...new Set(failures)].join(' ') : ''].filter(
    Boolean,
  );
  const text = parts.join(' ');
  const withSecret =
    secret && ok
      ? `${text} Temporary password: ${secret} — share it privately; they should change it after signing in.`
      : text;
  const storedText = secret && ok ? `${text} (The temporary password was shown once and is not kept.)` : text;
  return {
    ok,
    text: withSecret,
    storedText,
    links: dedupeLinks(links),
    error: ok ? undefined : failures.join(' ') || 'failed',
  };
}

function dedupeLinks(links: ChatLink[]): ChatLink[] {
  const seen = new Set<string>();
  return links.filter((l) => (seen.has(l.href) ? false : (seen.add(l.href), true))).slice(0, 10);
}
