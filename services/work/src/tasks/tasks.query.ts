import { IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus, PageQuery } from '@sixa/contracts';

export const TASK_SORTS = [
  'created_at',
  '-created_at',
  'due_date',
  '-due_date',
  'priority',
  '-priority',
  'title',
  '-title',
] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

/** GET /tasks parameters. None at all keeps the spec's answer: every task, newest first. */
export class ListTasksQuery extends PageQuery {
  /** The X-Next-Cursor of the previous page. */
  @IsOptional()
  @IsIn(TASK_STATUSES, { message: `status must be one of: ${TASK_STATUSES.join(', ')}` })
  status?: TaskStatus;
  @IsOptional()
  @IsIn(TASK_PRIORITIES, { message: `priority must be one of: ${TASK_PRIORITIES.join(', ')}` })
  priority?: TaskPriority;
  /** The assignee: a team member's id, or a name (case-insensitive, whole name). */
  @IsOptional() @IsString() @MaxLength(120) assignee?: string;
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'due_before must be an ISO 8601 date or date-time' })
  due_before?: string;
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'due_after must be an ISO 8601 date or date-time' })
  due_after?: string;
  /** Text in the title, description, assignee or tags. */
  @IsOptional() @IsString() @MaxLength(200) q?: string;
  @IsOptional() @IsIn(TASK_SORTS, { message: `sort must be one of: ${TASK_SORTS.join(', ')}` }) sort?: TaskSort;
}
