import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AssistantError, AssistantErrorCode } from '../assistant.errors';
import { DashboardService } from './dashboard.service';

export const ACTIVITY_LIMIT_DEFAULT = 10;
export const ACTIVITY_LIMIT_MAX = 50;

/** The dashboard (any signed-in user): figures, insights and the activity feed, from the read model. */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('metrics')
  metrics() {
    return this.dashboard.metrics();
  }

  @Get('insights')
  insights() {
    return this.dashboard.insights();
  }

  @Get('revenue-trend')
  revenueTrend() {
    return this.dashboard.revenueTrend();
  }

  @Get('activity')
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: ACTIVITY_LIMIT_MAX, default: ACTIVITY_LIMIT_DEFAULT },
  })
  activity(@Query('limit') limit?: string) {
    return this.dashboard.activity(parseLimit(limit));
  }
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return ACTIVITY_LIMIT_DEFAULT;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > ACTIVITY_LIMIT_MAX)
    throw new AssistantError(
      AssistantErrorCode.DashboardInvalidQuery,
      `limit must be a whole number from 1 to ${ACTIVITY_LIMIT_MAX}, not "${raw.slice(0, 40)}"`,
    );
  return n;
}
