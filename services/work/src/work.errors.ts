import { changedOr, isDuplicateKey, type ChangeResult } from '@sixa/mongo';
import { DomainError, type DomainErrorKind } from '@sixa/observability';

/** Every way a work request can fail, in the domain's words; mapped to a kind (and so to HTTP) below, once. */
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

function kindOf(code: WorkErrorCode): DomainErrorKind {
  switch (code) {
    case WorkErrorCode.TaskNotFound:
    case WorkErrorCode.MemberNotFound:
    case WorkErrorCode.EventNotFound:
    case WorkErrorCode.FeedLinkInvalid:
    case WorkErrorCode.WorkflowNotFound:
    case WorkErrorCode.WorkflowRunNotFound:
      return 'not_found';
    case WorkErrorCode.TaskTransitionRefused:
    case WorkErrorCode.MemberEmailTaken:
    case WorkErrorCode.WorkflowPaused:
      return 'conflict';
    case WorkErrorCode.TaskChanged:
    case WorkErrorCode.MemberChanged:
    case WorkErrorCode.EventChanged:
    case WorkErrorCode.WorkflowChanged:
      return 'stale';
    case WorkErrorCode.EventNotYours:
    case WorkErrorCode.NotYours:
    case WorkErrorCode.AdminOnly:
      return 'forbidden';
    case WorkErrorCode.InvalidInput:
    case WorkErrorCode.AssigneeUnknown:
      return 'invalid';
    case WorkErrorCode.Busy:
      return 'busy';
    default: {
      const unknown: never = code;
      throw new Error(`unmapped work error ${String(unknown)}`);
    }
  }
}

export class WorkError extends DomainError {
  constructor(code: WorkErrorCode, detail: string) {
    super(kindOf(code), code, detail);
  }
}

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
