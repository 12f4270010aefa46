import { plainToInstance, Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
  validateSync,
  type ValidationError,
} from 'class-validator';
import { LEAD_STATUSES } from './crm';
import { TASK_PRIORITIES, type TaskPriority } from './work';
import {
  WORKFLOW_ACTIONS,
  WORKFLOW_CONDITION_OPS,
  WORKFLOW_DELAY_MAX_SECONDS,
  WORKFLOW_DESCRIPTION_MAX,
  WORKFLOW_NAME_MAX,
  WORKFLOW_RETRIES_MAX,
  WORKFLOW_STEPS_MAX,
  WORKFLOW_TRIGGER_TYPES,
  type WorkflowAction,
  type WorkflowConditionOp,
  type WorkflowTriggerType,
} from './workflows';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class WorkflowConditionDto {
  @IsString() @MinLength(1, { message: 'a condition needs a field' }) @MaxLength(200) field!: string;
  @IsIn(WORKFLOW_CONDITION_OPS, { message: `op must be one of: ${WORKFLOW_CONDITION_OPS.join(', ')}` })
  op!: WorkflowConditionOp;
  @IsDefined({ message: 'a condition needs a value' }) value!: string | number | boolean;
}

/** One shape for the three triggers (`type` says which fields apply); the service checks the cron and time zone. */
export class WorkflowTriggerDto {
  @IsIn(WORKFLOW_TRIGGER_TYPES, { message: `trigger.type must be one of: ${WORKFLOW_TRIGGER_TYPES.join(', ')}` })
  type!: WorkflowTriggerType;
  @ValidateIf((t: WorkflowTriggerDto) => t.type === 'schedule')
  @IsString({ message: 'a schedule trigger needs a cron expression' })
  @MaxLength(120)
  cron?: string;
  @IsOptional() @IsString() @MaxLength(64) time_zone?: string;
  @ValidateIf((t: WorkflowTriggerDto) => t.type === 'event')
  @IsString({ message: 'an event trigger needs an event_type' })
  @MinLength(1, { message: 'an event trigger needs an event_type' })
  @MaxLength(100)
  event_type?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => WorkflowConditionDto)
  conditions?: WorkflowConditionDto[];
}

export class WorkflowStepDto {
  @IsIn(WORKFLOW_ACTIONS, { message: `action must be one of: ${WORKFLOW_ACTIONS.join(', ')}` })
  action!: WorkflowAction;
  @IsOptional() @IsString() @MaxLength(500) description?: string;
  @IsOptional()
  @IsInt({ message: 'delay must be a whole number of seconds' })
  @Min(0)
  @Max(WORKFLOW_DELAY_MAX_SECONDS)
  delay?: number;
  @IsOptional() @IsObject({ message: 'params must be an object' }) params?: Record<string, unknown>;
  @IsOptional() @IsInt() @Min(0) @Max(WORKFLOW_RETRIES_MAX) retries?: number;
}

export class CreateWorkflowDto {
  @Transform(trimmed)
  @IsString({ message: 'name is required' })
  @MinLength(1, { message: 'name is required' })
  @MaxLength(WORKFLOW_NAME_MAX)
  name!: string;
  @IsOptional() @IsString() @MaxLength(WORKFLOW_DESCRIPTION_MAX) description?: string;
  @IsArray({ message: 'at least one step is required' })
  @ArrayMinSize(1, { message: 'at least one step is required' })
  @ArrayMaxSize(WORKFLOW_STEPS_MAX)
  @ValidateNested({ each: true })
  @Type(() => WorkflowStepDto)
  steps!: WorkflowStepDto[];
  @IsOptional() @ValidateNested() @Type(() => WorkflowTriggerDto) trigger?: WorkflowTriggerDto;
  @IsOptional() @IsInt() @Min(0) @Max(WORKFLOW_RETRIES_MAX) retries?: number;
  /** Ignored: the server sets the creator from the token (the spec's client sends a placeholder). */
  @IsOptional() @IsString() created_by?: string;
}

/** PUT /workflows/{id}: the fields to change, with the revision the editor saw (a stale one is a 409). */
export class UpdateWorkflowDto {
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MinLength(1, { message: 'name cannot be empty' })
  @MaxLength(WORKFLOW_NAME_MAX)
  name?: string;
  @IsOptional() @IsString() @MaxLength(WORKFLOW_DESCRIPTION_MAX) description?: string;
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'at least one step is required' })
  @ArrayMaxSize(WORKFLOW_STEPS_MAX)
  @ValidateNested({ each: true })
  @Type(() => WorkflowStepDto)
  steps?: WorkflowStepDto[];
  @IsOptional() @ValidateNested() @Type(() => WorkflowTriggerDto) trigger?: WorkflowTriggerDto;
  @IsOptional() @IsInt() @Min(0) @Max(WORKFLOW_RETRIES_MAX) retries?: number;
  @IsOptional() @IsInt() @Min(0) rev?: number;
  @IsOptional() @IsString() created_by?: string;
}

/** POST /workflows/{id}/execute: optional data the placeholders read (a manual run's "trigger data"). */
export class ExecuteWorkflowDto {
  @IsOptional() @IsObject() input?: Record<string, unknown>;
}

// The action catalogue: each action's parameters. Text fields may hold `{{path}}` placeholders.

export class CreateTaskParams {
  @IsString() @MinLength(1, { message: 'create_task needs a title' }) @MaxLength(200) title!: string;
  @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @IsOptional() @IsString() @MaxLength(120) assigned_to?: string;
  @IsOptional() @IsIn(TASK_PRIORITIES) priority?: TaskPriority;
  @IsOptional() @IsNumber() @Min(0) @Max(3650) due_in_days?: number;
}

/** A status, or text with a `{{placeholder}}` (checked again once filled in, when the step runs). */
const LEAD_STATUS_OR_PLACEHOLDER = new RegExp(`^(?:${LEAD_STATUSES.join('|')})$|\\{\\{\\s*[\\w.-]+\\s*\\}\\}`);

/** `lead_id` is the lead's id or its e-mail (an `@` says which), usually `{{lead.id}}` from the trigger. */
export class SetLeadStatusParams {
  @IsString({ message: "set_lead_status needs a lead_id (the lead's id or e-mail)" })
  @MinLength(1, { message: "set_lead_status needs a lead_id (the lead's id or e-mail)" })
  @MaxLength(320)
  lead_id!: string;
  @IsString({ message: 'set_lead_status needs a status' })
  @Matches(LEAD_STATUS_OR_PLACEHOLDER, {
    message: `set_lead_status status must be one of: ${LEAD_STATUSES.join(', ')}`,
  })
  status!: string;
}

export class CreateCalendarEventParams {
  @IsString() @MinLength(1, { message: 'create_calendar_event needs a title' }) @MaxLength(200) title!: string;
  @IsInt() @Min(0) @Max(525_600) start_in_minutes!: number;
  @IsInt() @Min(1) @Max(10_080) duration_minutes!: number;
  @IsOptional() @IsArray() @ArrayMaxSize(100) @IsString({ each: true }) attendees?: string[];
}

export class SendEmailParams {
  @IsString() @MinLength(3, { message: 'send_email needs a recipient (to)' }) @MaxLength(320) to!: string;
  @IsString() @MinLength(1, { message: 'send_email needs a subject' }) @MaxLength(300) subject!: string;
  @IsString() @MaxLength(20_000) body!: string;
}

export class CallWebhookParams {
  @IsString() @MinLength(1, { message: 'call_webhook needs a url' }) @MaxLength(2000) url!: string;
  @IsOptional() @IsBoolean() include_input?: boolean;
}

export class WaitParams {
  @IsInt({ message: 'wait needs seconds (a whole number)' })
  @Min(0)
  @Max(WORKFLOW_DELAY_MAX_SECONDS)
  seconds!: number;
}

/** Each action's parameters, by action. */
export interface WorkflowActionParams {
  create_task: CreateTaskParams;
  set_lead_status: SetLeadStatusParams;
  create_calendar_event: CreateCalendarEventParams;
  send_email: SendEmailParams;
  call_webhook: CallWebhookParams;
  wait: WaitParams;
}

/** A step's action with its parameters, discriminated on `action` (of the actions `A`, all by default). */
export type StepCall<A extends WorkflowAction = WorkflowAction> = {
  [P in A]: { action: P; params: WorkflowActionParams[P] };
}[A];

export const WORKFLOW_ACTION_PARAMS: { [A in WorkflowAction]: new () => WorkflowActionParams[A] } = {
  create_task: CreateTaskParams,
  set_lead_status: SetLeadStatusParams,
  create_calendar_event: CreateCalendarEventParams,
  send_email: SendEmailParams,
  call_webhook: CallWebhookParams,
  wait: WaitParams,
};

function messages(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => [
    ...Object.values(e.constraints ?? {}).map((m) => `${prefix}${m}`),
    ...messages(e.children ?? [], prefix),
  ]);
}

/** What is wrong with an action's parameters (empty when they are fine); unknown parameters are refused. */
export function checkStepParams(action: WorkflowAction, params: Record<string, unknown>): string[] {
  const cls: (new () => object) | undefined = WORKFLOW_ACTION_PARAMS[action];
  if (!cls) return [`unknown action ${action}`];
  const instance = plainToInstance(cls, params ?? {});
  return messages(validateSync(instance, { whitelist: true, forbidNonWhitelisted: true }));
}

/**
 * A stored step's parameters (checked by checkStepParams when the workflow was saved, then templated) as
 * its action's catalogue class. Not checked again: a filled-in placeholder is the action's to judge.
 */
export function stepCall<A extends WorkflowAction>(action: A, params: Record<string, unknown>): StepCall<A> {
  const catalogued: new () => WorkflowActionParams[A] = WORKFLOW_ACTION_PARAMS[action];
  return { action, params: plainToInstance(catalogued, params) };
}
