import { changedOr, isDuplicateKey, type ChangeResult } from '@sixa/mongo';
import { contextError } from '@sixa/observability';

/** Every way a work request can fail, in the domain's words; each given its kind (and so its HTTP status) once, below. */
export enum WorkErrorCode {
  TaskNotFound = 'TASK_NOT_FOUND',
  TaskTransitionRefused = 'TASK_TRANSITION_REFUSED',
  TaskChanged = 'TASK_CHANGED',
  MemberNotFound = 'MEMBER_NOT_FOUND',
  MemberEmailTaken = 'MEMBER_EMAIL_TAKEN',
  MemberChanged = 'MEMBER_CHANGED',
  EventNotFound = 'EVENT_NOT_FOUND',
  EventChanged = 'EVENT_CHANGED',
  EventNotYours = 'EVENT_NOT_YOURS',
  InvalidInput = 'INVALID_INPUT',
  AssigneeUnknown = 'ASSIGNEE_UNKNOWN',
  FeedLinkInvalid = 'FEED_LINK_INVALID',
  NotYours = 'NOT_YOURS',
  AdminOnly = 'ADMIN_ONLY',
  Busy = 'BUSY',
  WorkflowNotFound = 'WORKFLOW_NOT_FOUND',
  WorkflowChanged = 'WORKFLOW_CHANGED',
  WorkflowPaused = 'WORKFLOW_PAUSED',
  WorkflowRunNotFound = 'WORKFLOW_RUN_NOT_FOUND',
}

export class WorkError extends contextError<WorkErrorCode>({
  [WorkErrorCode.TaskNotFound]: 'not_found',
  [WorkErrorCode.TaskTransitionRefused]: 'conflict',
  [WorkErrorCode.TaskChanged]: 'stale',
  [WorkErrorCode.MemberNotFound]: 'not_found',
  [WorkErrorCode.MemberEmailTaken]: 'conflict',
  [WorkErrorCode.MemberChanged]: 'stale',
  [WorkErrorCode.EventNotFound]: 'not_found',
  [WorkErrorCode.EventChanged]: 'stale',
  [WorkErrorCode.EventNotYours]: 'forbidden',
  [WorkErrorCode.InvalidInput]: 'invalid',
  [WorkErrorCode.AssigneeUnknown]: 'invalid',
  [WorkErrorCode.FeedLinkInvalid]: 'not_found',
  [WorkErrorCode.NotYours]: 'forbidden',
  [WorkErrorCode.AdminOnly]: 'forbidden',
  [WorkErrorCode.Busy]: 'busy',
  [WorkErrorCode.WorkflowNotFound]: 'not_found',
  [WorkErrorCode.WorkflowChanged]: 'stale',
  [WorkErrorCode.WorkflowPaused]: 'conflict',
  [WorkErrorCode.WorkflowRunNotFound]: 'not_found',
}) {}

export { isDuplicateKey };

type Changeable = 'task' | 'team member' | 'event' | 'workflow';

const STALE: Record<Changeable, WorkErrorCode> = {
  task: WorkErrorCode.TaskChanged,
  'team member': WorkErrorCode.MemberChanged,
  event: WorkErrorCode.EventChanged,
  workflow: WorkErrorCode.WorkflowChanged,
};

/**
 * What a change means for the caller: the value, or the error that explains why not (`missing`
 * depends on what the change required: not found, or no longer in the right state).
 */
export function changedOrThrow<T extends { rev: number }>(
  result: ChangeResult<T>,
  what: Changeable,
  missing: () => WorkError,
): T {
  return changedOr(result, what, {
    missing,
    stale: (detail) => new WorkError(STALE[what], detail),
    busy: (detail) => new WorkError(WorkErrorCode.Busy, detail),
  });
}
