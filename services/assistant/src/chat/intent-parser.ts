import { LEAD_SOURCES, LEAD_STATUSES, type LeadSource, type LeadStatus, type TaskPriority } from '@sixa/contracts';
import { atHourInZone, parseDurationMinutes, parseSpokenDate } from './chat-dates';

/**
 * The deterministic reading of a chat message (used without a model, and when the model fails):
 * which tool it asks for and the parameters said in it. Pure: the same words, zone and time give
 * the same intent.
 */
export type Intent =
  | { kind: 'confirm'; answer: 'yes' | 'no' }
  | { kind: 'search_leads'; q?: string; label?: 'Hot' | 'Warm' | 'Cold'; status?: LeadStatus; source?: LeadSource }
  | { kind: 'rank_tech_leads' }
  | { kind: 'explain_lead_score'; query: string }
  | {
      kind: 'create_task';
      title: string;
      assignee?: string;
      assigneeExplicit?: boolean;
      due?: string;
      priority?: TaskPriority;
    }
  | { kind: 'schedule_meeting'; meeting: MeetingParams }
  | { kind: 'create_followup_workflow'; hotOnly: boolean; waitDays: number }
  | { kind: 'team_performance' }
  | { kind: 'platform_health' }
  | { kind: 'add_user'; email?: string; name?: string; role: 'admin' | 'employee' }
  | { kind: 'greeting' }
  | { kind: 'thanks' }
  | { kind: 'help' };

/** A meeting as far as it was said: wall-clock day and time in the user's zone. */
export interface MeetingParams {
  title?: string;
  day?: string;
  time?: string;
  attendees: string[];
  /** Names said without an e-mail ("with Dana"): looked up among the team. */
  names: string[];
  duration_minutes?: number;
}

export interface ParseContext {
  zone: string;
  now: Date;
  /** A meeting the user is still completing (asked for its time or attendee). */
  draftMeeting?: MeetingParams | null;
}

const YES = /^(yes|y|yeah|yep|yup|sure|ok|okay|confirm|confirmed|do it|go ahead|please do|yes please|correct)[.!\s]*$/i;
const NO = /^(no|n|nope|nah|cancel|stop|don't|do not|never mind|nevermind|no thanks|abort)[.!\s]*$/i;
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;

const emailsIn = (text: string) => [...new Set((text.match(EMAIL) ?? []).map((e) => e.toLowerCase()))];

const capitalise = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);

function clean(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,:;-]+|[\s,.;:!?-]+$/g, '')
    .trim();
}

export function parseIntent(message: string, ctx: ParseContext): Intent {
  const text = message.trim();
  const lower = text.toLowerCase();

  if (YES.test(text)) return { kind: 'confirm', answer: 'yes' };
  if (NO.test(text)) return { kind: 'confirm', answer: 'no' };

  if (/\b(add|create|invite|register|new)\b.*\b(user|account)\b/.test(lower) && !/\btask\b/.test(lower)) {
    const email = emailsIn(text)[0];
    const named = /\bnamed\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)/.exec(text)?.[1];
    return { kind: 'add_user', email, name: named, role: /\badmin\b/.test(lower) ? 'admin' : 'employee' };
  }

  if (/\b(why|explain|how come|what makes)\b.*\bscor/.test(lower) || /\bscore (of|for)\b/.test(lower)) {
    return { kind: 'explain_lead_score', query: scoreSubject(text) };
  }

  if (
    /\b(schedule|book|set up|setup|arrange|plan|organi[sz]e)\b.*\b(meeting|call|sync|demo|appointment|event)\b/.test(
      lower,
    ) ||
    /^(a )?(meeting|call) (with|tomorrow|today|on|at)\b/.test(lower)
  ) {
    return { kind: 'schedule_meeting', meeting: meetingParams(text, ctx) };
  }

  if (/\b(create|add|make|new|open)\b.*\b(task|to-?do|reminder)\b/.test(lower) || /^remind me to\b/.test(lower)) {
    return taskIntent(text, ctx);
  }

  if (/\bworkflow|automation|automate\b/.test(lower)) {
    const waitDays = Number(/\b(\d+)\s*days?\b/.exec(lower)?.[1] ?? 2);
    return {
      kind: 'create_followup_workflow',
      hotOnly: /\bhot\b/.test(lower),
      waitDays: Math.min(Math.max(waitDays, 1), 30),
    };
  }

  if (
    /\b(team|performance|productiv\w*|completion rates?|workload|who is (behind|overdue)|overdue tasks?)\b/.test(
      lower,
    ) &&
    !/\b(add|invite)\b/.test(lower)
  ) {
    return { kind: 'team_performance' };
  }

  if (
    /\b(health|system status|platform status|monitoring|uptime|alerts?|cpu|memory|latency|incidents?)\b/.test(lower) ||
    /\bis (everything|the (system|platform|app)) (ok|okay|up|running|fine)\b/.test(lower)
  ) {
    return { kind: 'platform_health' };
  }

  if (
    /\b(tech|technology|software|saas|it)\b.*\b(leads?|compan(y|ies)|prospects?|accounts?)\b/.test(lower) ||
    /\bgenerate\b.*\bleads?\b/.test(lower)
  ) {
    return { kind: 'rank_tech_leads' };
  }

  if (/\b(leads?|prospects?|pipeline)\b/.test(lower)) return searchIntent(text);

  // Completing a meeting the assistant asked about: a time, a day, an e-mail or a length.
  if (
    ctx.draftMeeting &&
    (parseSpokenDate(text, ctx.zone, ctx.now) || emailsIn(text).length || parseDurationMinutes(text))
  ) {
    return { kind: 'schedule_meeting', meeting: meetingParams(text, ctx, ctx.draftMeeting) };
  }

  if (/^(hi|hello|hey|good (morning|afternoon|evening)|hallo)\b/.test(lower)) return { kind: 'greeting' };
  if (/^(thanks|thank you|thx|great|perfect|cool)\b/.test(lower)) return { kind: 'thanks' };
  return { kind: 'help' };
}

const SCORE_QUESTION_WORDS = new Set(
  (
    'why how come what makes made explain tell me please is are was does did do the a an this that its it ' +
    'lead leads score scores scored scoring so such high low good bad have has had get got of for about with ' +
    'points number value rating rated our my'
  ).split(' '),
);

/** Who or what a score question is about: an e-mail, a quoted name, or the words left without the question's. */
function scoreSubject(text: string): string {
  const email = emailsIn(text)[0];
  if (email) return email;
  const quoted = /["“]([^"”]{2,})["”]/.exec(text)?.[1];
  if (quoted) return clean(quoted);
  return text
    .replace(/['’]s\b/g, '')
    .split(/[^\w&.-]+/)
    .map((w) => w.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((w) => w && !SCORE_QUESTION_WORDS.has(w.toLowerCase()) && !/^\d+$/.test(w))
    .join(' ');
}

function taskIntent(text: string, ctx: ParseContext): Intent {
  let priority: TaskPriority | undefined;
  let said = text;
  const pri = /\b(?:with\s+)?(urgent|high|medium|low)(?:\s+priority)?\b/i.exec(said);
  if (pri && (/priority/i.test(pri[0]) || pri[1].toLowerCase() === 'urgent')) {
    priority = pri[1].toLowerCase() as TaskPriority;
    said = said.replace(pri[0], ' ').replace(/\s+/g, ' ');
  }
  let rest = said
    .replace(/^(please\s+)?(can you\s+|could you\s+)?/i, '')
    .replace(/^remind me to\s+/i, '')
    .replace(
      /^(create|add|make|open)\s+(me\s+)?(a\s+|an\s+)?(new\s+)?(follow[- ]up\s+)?(task|to-?do|reminder)\s*(to|for|:|-|that)?\s*/i,
      '',
    );
  let due: string | undefined;
  const when = parseSpokenDate(rest, ctx.zone, ctx.now);
  if (when) {
    due = (when.hasTime ? when.at : atHourInZone(when.at, 17, ctx.zone)).toISOString();
    rest = rest.replace(new RegExp(`\\s*(?:,\\s*)?(?:due|by|on|before|until)?\\s*${escape(when.text)}`, 'i'), ' ');
  }
  let assignee: string | undefined;
  let assigneeExplicit = false;
  const explicit = /\s*,?\s*(?:and\s+)?assign(?:ed)?\s+(?:it\s+)?to\s+([\w.'@-]+(?:\s+[A-Z][\w'-]*)?)/i.exec(rest);
  if (explicit) {
    assignee = explicit[1];
    assigneeExplicit = true;
    rest = rest.replace(explicit[0], ' ');
  } else {
    const forName = /\s+for\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s*$/.exec(clean(rest));
    if (forName) assignee = forName[1];
  }
  const title = capitalise(clean(rest)).slice(0, 200);
  return { kind: 'create_task', title, assignee, assigneeExplicit, due, priority };
}

/** The meeting said in `text`, on top of what was said before (`base`). */
export function meetingParams(text: string, ctx: ParseContext, base?: MeetingParams): MeetingParams {
  const m: MeetingParams = { ...(base ?? { attendees: [], names: [] }) };
  m.attendees = [...new Set([...(base?.attendees ?? []), ...emailsIn(text)])];
  const names = [...text.matchAll(/\bwith\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)/g)].map((x) => x[1]);
  m.names = [...new Set([...(base?.names ?? []), ...names])];
  const when = parseSpokenDate(text.replace(EMAIL, ' '), ctx.zone, ctx.now);
  if (when) {
    if (when.hasDay || !m.day) m.day = when.day;
    if (when.time) m.time = when.time;
  }
  const minutes = parseDurationMinutes(text);
  if (minutes) m.duration_minutes = minutes;
  const about =
    /\b(?:about|on the topic of|to discuss|regarding|re:)\s+(.+?)(?=\s+(?:tomorrow|today|on|at|with|for \d)\b|[.?!]?$)/i.exec(
      text,
    )?.[1];
  if (about) m.title = capitalise(clean(about)).slice(0, 200);
  return m;
}

function searchIntent(text: string): Intent {
  const lower = text.toLowerCase();
  const label = (['Hot', 'Warm', 'Cold'] as const).find((l) => new RegExp(`\\b${l}\\b`, 'i').test(lower));
  const status = LEAD_STATUSES.find((s) => new RegExp(`\\b${s}\\b`).test(lower));
  const source = LEAD_SOURCES.find((s) => lower.includes(s.toLowerCase()));
  const email = emailsIn(text)[0];
  const quoted = /["“']([^"”']{2,})["”']/.exec(text)?.[1];
  const named = /\b(?:at|from|named|called|matching|about|for|in|with)\s+([A-Za-z0-9][\w&.' -]*)$/i.exec(
    clean(text),
  )?.[1];
  let q: string | undefined = email ?? quoted ?? named;
  if (q && source && q.toLowerCase().includes(source.toLowerCase())) q = undefined;
  if (q && /^(the |my |our )?(last|this|past|next)\b|^(all|every|any)\b/i.test(q)) q = undefined;
  return { kind: 'search_leads', q: q ? clean(q) : undefined, label, status, source };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
