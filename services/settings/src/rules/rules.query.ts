import { IsIn, IsOptional } from 'class-validator';

/** GET /settings/business-rules/{id}/executions: `matched=true` lists only the events the rule acted on. */
export class ExecutionsQuery {
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'matched must be true or false' })
  matched?: 'true' | 'false';
}
