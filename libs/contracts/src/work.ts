import type { RecordTag } from './revisions';
/** The work context: tasks, the team and the calendar (spec part 1 "Tasks", "Team"; part 2 "Calendar"). */

export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * The status changes the server allows (spec: pending → in_progress 'Start' → completed 'Complete';
 * cancelled from pending or in_progress). Anything else is refused with 409.
 */
export const TASK_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  pending: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export const canMoveTask = (from: TaskStatus, to: TaskStatus): boolean => TASK_TRANSITIONS[from].includes(to);

/** The button a task card shows for its status, and the status it moves to. */
export function taskAction(status: TaskStatus): { label: 'Start' | 'Complete'; to: TaskStatus } | null {
  if (status === 'pending') return { label: 'Start', to: 'in_progress' };
  if (status === 'in_progress') return { label: 'Complete', to: 'completed' };
  return null;
}

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;
export const TASK_TAGS_MAX = 20;
export const TASK_TAG_MAX = 40;

export interface Task {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  title: string;
  description: string;
  priority: TaskPriority;
  status: TaskStatus;
  /** Free text (the spec's field): the name the task is assigned to. */
  assigned_to: string;
  /** The team member the task is assigned to, when the name was chosen from the suggestions or matches one. */
  assignee_id: string | null;
  /** The user who created it (the token's user, whatever the body said). */
  created_by: string;
  due_date: string | null;
  tags: string[];
  /** When the due date passed while the task was open (task.overdue was published); null otherwise. */
  overdue_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  rev: number;
}

export interface TaskStats {
  total: number;
  pending: number;
  in_progress: number;
  completed: number;
  cancelled: number;
  /** Open (pending or in progress) with a due date in the past. */
  overdue: number;
  /** Completed over assigned (every task not cancelled), rounded percent; 0 when none. */
  completion_rate: number;
}

/** A suggestion for the assignee field: a member of the team. */
export interface TaskAssignee {
  id: string;
  name: string;
  email: string;
  department: Department;
}

export const DEPARTMENTS = ['Sales', 'Marketing', 'Engineering', 'Product', 'Support', 'HR', 'Finance'] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** A member is online when their user made an authenticated request in this window. */
export const PRESENCE_WINDOW_MS = 5 * 60_000;

export interface TeamMember {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  name: string;
  email: string;
  /** Free-text position. */
  role: string;
  department: Department;
  avatar_url: string | null;
  /** Presence: the member's user was seen in the last five minutes. */
  is_online: boolean;
  last_seen_at: string | null;
  /** Counted from the tasks assigned to the member (not cancelled), kept current from task events. */
  tasks_assigned: number;
  tasks_completed: number;
  /** Entered by an admin. */
  project_count: number;
  joined_at: string;
  created_at: string;
  updated_at: string;
  rev: number;
}

export interface TeamStats {
  total_members: number;
  online_now: number;
  departments: number;
  /** Tasks pending or in progress across the team. */
  active_tasks: number;
}

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** A repeating event: every `interval` days/weeks/months, ending after `count` occurrences or at `until`. */
export interface Recurrence {
  freq: RecurrenceFrequency;
  interval: number;
  count: number | null;
  until: string | null;
  /** The same rule as RFC 5545 RRULE text (what the .ics carries). */
  rrule: string;
}

export const CALENDAR_TITLE_MAX = 200;
export const CALENDAR_ATTENDEES_MAX = 100;
/** The longest a reminder may come before the start: one week. */
export const REMINDER_MAX_MINUTES = 7 * 24 * 60;

export interface CalendarEvent {
  id: string;
  /** This revision's tag (see RecordTag): send it back as If-Match with an edit. */
  etag: RecordTag;
  title: string;
  description: string;
  start_time: string;
  end_time: string;
  location: string;
  attendees: string[];
  created_by: string;
  /** IANA time zone recurrences are computed in (a weekly event stays at the same wall-clock time). */
  time_zone: string;
  recurrence: Recurrence | null;
  /** Minutes before the start at which `calendar.reminder` is published; null: no reminder. */
  reminder_minutes: number | null;
  created_at: string;
  updated_at: string;
  rev: number;
  /**
   * In a range query, a recurring event appears once per occurrence: `start_time`/`end_time` are the
   * occurrence's and this is its start; the `id` stays the series' (Edit changes the series).
   */
  occurrence_start?: string;
}

/** Another event of one of the attendees at an overlapping time (a warning; the event is still saved). */
export interface CalendarConflict {
  attendee: string;
  event_id: string;
  title: string;
  start_time: string;
  end_time: string;
}

/** What POST and PUT /calendar/events answer: the event, and the overlaps found (usually none). */
export type CalendarEventSaved = CalendarEvent & { conflicts: CalendarConflict[] };

export interface CalendarFeedInfo {
  /** https URL of the user's .ics feed (signed, revocable token). */
  url: string;
  /** The same feed for calendar apps (webcal://). */
  webcal_url: string;
}
