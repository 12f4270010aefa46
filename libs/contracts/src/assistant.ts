/**
 * The assistant service (issue 12): the dashboard's figures, kept from the domain events, and the
 * SIXA chat, which acts on the workspace through its own API as the signed-in user.
 */

/** GET /dashboard/metrics (spec part 1, Dashboard metrics). Every figure comes from the event stream. */
export interface DashboardMetrics {
  /** Sum of accepted quotes' totals, exact to the cent (decimal arithmetic), in the quotes' currency (USD). */
  total_revenue: number;
  /** Accepted this calendar month against last month, in percent (one decimal); null when last month had none. */
  revenue_growth: number | null;
  /** Workflows that are not paused. */
  active_workflows: number;
  /** Workflow runs that ended today (succeeded or failed). */
  automated_today: number;
  /** Actions the assistant and the workflows carried out successfully today. */
  ai_tasks_completed: number;
  /** Of the actions finished today, the percent that succeeded (one decimal); null when none finished. */
  success_rate: number | null;
  team_members: number;
  /** Team members seen (any signed-in request) within the presence window. */
  online_members: number;
  /** The time zone whose calendar day "today" and months are counted in. */
  time_zone: string;
  /** When the newest event counted was published (null before any): how current the figures are. */
  as_of: string | null;
}

/** One month of the revenue trend (GET /dashboard/revenue-trend): accepted quotes' totals. */
export interface RevenueMonth {
  /** `YYYY-MM` in the dashboard's time zone. */
  month: string;
  revenue: number;
  quotes: number;
}

export const INSIGHT_PRIORITIES = ['high', 'medium', 'low'] as const;
export type InsightPriority = (typeof INSIGHT_PRIORITIES)[number];

export const INSIGHT_KINDS = [
  'hot_leads_without_task',
  'quotes_expiring',
  'overdue_tasks',
  'workflow_success_fell',
  'critical_alerts',
] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

/** GET /dashboard/insights: derived from the read model at the time of the call, never canned. */
export interface Insight {
  /** Stable for the same finding (kind and subject), so the client can key and dismiss it. */
  id: string;
  kind: InsightKind;
  title: string;
  priority: InsightPriority;
  description: string;
  /** What 'Take Action' opens: a route of the web client and its query (filters). */
  action: { label: string; route: string; query: Record<string, string> };
  /** How many records the finding covers. */
  count: number;
  /** The ids of the records it covers (the first INSIGHT_SUBJECTS_MAX, most pressing first). */
  subject_ids: string[];
}

export const INSIGHT_SUBJECTS_MAX = 50;

export const ACTIVITY_STATUSES = ['completed', 'failed', 'running'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** GET /dashboard/activity: what the assistant and the workflows did, newest first. */
export interface Activity {
  /** The id of the event it comes from. */
  id: string;
  source: 'assistant' | 'workflow';
  status: ActivityStatus;
  title: string;
  detail: string;
  at: string;
  /** A route of the web client that shows the record concerned, when there is one. */
  link: string | null;
}

/** POST /chat/message (spec part 1). `user_id` is accepted for the spec's client but the token's user is used. */
export interface ChatRequest {
  message: string;
  session_id: string;
  user_id?: string;
  /** The browser's IANA time zone: dates the user says ("tomorrow at 10") are read in it. */
  time_zone?: string;
  /**
   * An answer to a reply's `confirmation` by its id (a Yes / No button). Optional: the text "yes" or
   * "no" as the message answers the session's pending confirmation the same way.
   */
  confirm?: ChatConfirmAnswer;
}

export interface ChatConfirmAnswer {
  id: string;
  answer: 'yes' | 'no';
}

export interface ChatLink {
  label: string;
  /** A route of the web client (e.g. `/tasks?focus=<id>`). */
  href: string;
}

export interface ChatReply {
  response: string;
  /** Records the answer names or created: the widget renders them as links. */
  links?: ChatLink[];
  /** Set when the answer asks to confirm a change: the widget offers Yes / No. */
  confirmation?: { id: string; summary: string } | null;
}

/**
 * GET /chat/status: the assistant can answer now (its store and Kafka are reachable; 503 otherwise),
 * and with what: the configured model, or the intent parser.
 */
export interface ChatStatus {
  status: 'online';
  answering_with: 'model' | 'parser';
  model: string | null;
}

export const CHAT_MESSAGE_MAX = 4000;
/** The longest session id accepted (the spec's client sends a timestamp). */
export const CHAT_SESSION_ID_MAX = 128;
/** Messages a session keeps (the oldest go first). */
export const CHAT_HISTORY_MAX = 200;
/** How long a change awaiting Yes / No stays valid. */
export const CHAT_CONFIRMATION_TTL_MS = 15 * 60_000;

export interface ChatMessage {
  id: string;
  type: 'user' | 'ai';
  content: string;
  timestamp: string;
  links?: ChatLink[];
  confirmation?: { id: string; summary: string } | null;
}

/** GET /chat/sessions/{id}: the signed-in user's conversation in that session. */
export interface ChatSession {
  id: string;
  user_id: string;
  messages: ChatMessage[];
  created_at: string;
  updated_at: string;
}

/** What the assistant's tools do; each is a call of the workspace's API as the signed-in user. */
export const ASSISTANT_TOOLS = [
  'search_leads',
  'rank_tech_leads',
  'explain_lead_score',
  'create_task',
  'schedule_meeting',
  'create_followup_workflow',
  'team_performance',
  'platform_health',
  'add_user',
] as const;
export type AssistantTool = (typeof ASSISTANT_TOOLS)[number];

/** `assistant.action_completed|action_failed`: a change the assistant made (or tried) for a user. */
export interface AssistantActionData {
  action_id: string;
  tool: AssistantTool;
  user_id: string;
  session_id: string;
  summary: string;
  /** The web client's route to what it made. */
  link: string | null;
  error?: string;
}
