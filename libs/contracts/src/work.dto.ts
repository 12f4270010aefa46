import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  CALENDAR_TITLE_MAX,
  DEPARTMENTS,
  RECURRENCE_FREQUENCIES,
  REMINDER_MAX_MINUTES,
  TASK_DESCRIPTION_MAX,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TAG_MAX,
  TASK_TAGS_MAX,
  TASK_TITLE_MAX,
  type Department,
  type RecurrenceFrequency,
  type TaskPriority,
  type TaskStatus,
} from './work';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const ISO = { strict: true, strictSeparator: true };

export class CreateTaskDto {
  @Transform(trimmed)
  @IsString()
  @MinLength(1, { message: 'title is required' })
  @MaxLength(TASK_TITLE_MAX, { message: `title must be at most ${TASK_TITLE_MAX} characters` })
  title!: string;
  @IsOptional() @IsString() @MaxLength(TASK_DESCRIPTION_MAX) description?: string;
  @IsOptional()
  @IsIn(TASK_PRIORITIES, { message: `priority must be one of: ${TASK_PRIORITIES.join(', ')}` })
  priority?: TaskPriority;
  @IsOptional() @Transform(trimmed) @IsString() @MaxLength(120) assigned_to?: string;
  /** A team member's id, when the assignee was chosen from the suggestions. */
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(40) assignee_id?: string | null;
  /** Ignored: the server sets the creator from the token (the spec's client sends a placeholder). */
  @IsOptional() @IsString() created_by?: string;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601(ISO, { message: 'due_date must be an ISO 8601 date-time or null' })
  due_date?: string | null;
  @IsOptional()
  @IsArray({ message: 'tags must be a list of strings' })
  @ArrayMaxSize(TASK_TAGS_MAX, { message: `at most ${TASK_TAGS_MAX} tags` })
  @IsString({ each: true, message: 'tags must be a list of strings' })
  @MaxLength(TASK_TAG_MAX, { each: true, message: `a tag is at most ${TASK_TAG_MAX} characters` })
  tags?: string[];
}

/** PUT /tasks/{id}: the spec's client sends only {status}; the edit form sends the fields it changed. */
export class UpdateTaskDto {
  @IsOptional()
  @IsIn(TASK_STATUSES, { message: `status must be one of: ${TASK_STATUSES.join(', ')}` })
  status?: TaskStatus;
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MinLength(1, { message: 'title must not be empty' })
  @MaxLength(TASK_TITLE_MAX, { message: `title must be at most ${TASK_TITLE_MAX} characters` })
  title?: string;
  @IsOptional() @IsString() @MaxLength(TASK_DESCRIPTION_MAX) description?: string;
  @IsOptional()
  @IsIn(TASK_PRIORITIES, { message: `priority must be one of: ${TASK_PRIORITIES.join(', ')}` })
  priority?: TaskPriority;
  @IsOptional() @Transform(trimmed) @IsString() @MaxLength(120) assigned_to?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(40) assignee_id?: string | null;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601(ISO, { message: 'due_date must be an ISO 8601 date-time or null' })
  due_date?: string | null;
  @IsOptional()
  @IsArray({ message: 'tags must be a list of strings' })
  @ArrayMaxSize(TASK_TAGS_MAX, { message: `at most ${TASK_TAGS_MAX} tags` })
  @IsString({ each: true, message: 'tags must be a list of strings' })
  @MaxLength(TASK_TAG_MAX, { each: true, message: `a tag is at most ${TASK_TAG_MAX} characters` })
  tags?: string[];
  /** The revision the editor read: a task changed since then is not overwritten (409). */
  @IsOptional() @IsInt() @Min(0) rev?: number;
}

export class CreateTeamMemberDto {
  @Transform(trimmed) @IsString() @MinLength(1, { message: 'name is required' }) @MaxLength(120) name!: string;
  @Transform(trimmed)
  @IsString()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email!: string;
  @Transform(trimmed) @IsString() @MinLength(1, { message: 'role is required' }) @MaxLength(120) role!: string;
  @IsIn(DEPARTMENTS, { message: `department must be one of: ${DEPARTMENTS.join(', ')}` }) department!: Department;
  @IsOptional()
  @ValidateIf((_, v) => v !== null && v !== '')
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'avatar_url must be an http(s) URL' })
  @MaxLength(2000)
  avatar_url?: string | null;
  @IsOptional() @IsInt() @Min(0) @Max(10_000) project_count?: number;
}

export class UpdateTeamMemberDto extends CreateTeamMemberDto {
  @IsOptional() @IsInt() @Min(0) rev?: number;
}

export class RecurrenceDto {
  @IsIn(RECURRENCE_FREQUENCIES, { message: `recurrence.freq must be one of: ${RECURRENCE_FREQUENCIES.join(', ')}` })
  freq!: RecurrenceFrequency;
  @IsOptional() @IsInt() @Min(1) @Max(99) interval?: number;
  /** How many occurrences; or `until`. One of the two is required: a series ends. */
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) @Max(730) count?: number | null;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601(ISO, { message: 'recurrence.until must be an ISO 8601 date-time' })
  until?: string | null;
}

export class CalendarEventDto {
  @Transform(trimmed)
  @IsString({ message: 'title is required' })
  @MinLength(1, { message: 'title is required' })
  @MaxLength(CALENDAR_TITLE_MAX)
  title!: string;
  @IsOptional() @IsString() @MaxLength(5000) description?: string;
  @IsISO8601(ISO, { message: 'start_time is required: an ISO 8601 date-time' }) start_time!: string;
  @IsISO8601(ISO, { message: 'end_time is required: an ISO 8601 date-time' }) end_time!: string;
  @IsOptional() @IsString() @MaxLength(300) location?: string;
  /** A list of e-mails, or the comma-separated text the form holds; split, trimmed and de-duplicated on save. */
  @IsOptional() attendees?: string[] | string;
  /** Ignored: the server sets the creator from the token. */
  @IsOptional() @IsString() created_by?: string;
  @IsOptional() @IsString() @MaxLength(64) time_zone?: string;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @ValidateNested()
  @Type(() => RecurrenceDto)
  recurrence?: RecurrenceDto | null;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: 'reminder_minutes must be a whole number of minutes' })
  @Min(0)
  @Max(REMINDER_MAX_MINUTES)
  reminder_minutes?: number | null;
  @IsOptional() @IsInt() @Min(0) rev?: number;
}
