import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { LEAD_SOURCES, LEAD_STATUSES, type LeadSource, type LeadStatus, PageQuery } from '@sixa/contracts';

export const LEAD_SORTS = ['created_at', '-created_at', 'score', '-score', 'name', '-name'] as const;

/** GET /leads parameters. None at all keeps the spec's answer: every lead, newest first. */
export class ListLeadsQuery extends PageQuery {
  @IsOptional() @IsString() @MaxLength(200) q?: string;
  @IsOptional() @IsIn(['Hot', 'Warm', 'Cold'], { message: 'label must be Hot, Warm or Cold' }) label?:
    'Hot' | 'Warm' | 'Cold';
  @IsOptional()
  @IsIn(LEAD_STATUSES, { message: `status must be one of: ${LEAD_STATUSES.join(', ')}` })
  status?: LeadStatus;
  @IsOptional()
  @IsIn(LEAD_SOURCES, { message: `source must be one of: ${LEAD_SOURCES.join(', ')}` })
  source?: LeadSource;
  @IsOptional()
  @IsIn(LEAD_SORTS, { message: `sort must be one of: ${LEAD_SORTS.join(', ')}` })
  sort?: (typeof LEAD_SORTS)[number];
}
