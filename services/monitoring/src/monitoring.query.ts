import { ALERT_SEVERITIES, ALERT_STATUSES, type AlertSeverity, type AlertStatus } from '@sixa/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { MAX_CHART_HOURS } from './samples/chart';

export class AlertsQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(100)
  limit?: number;
  @IsOptional()
  @IsIn([...ALERT_STATUSES, 'open'], { message: `status must be one of: ${[...ALERT_STATUSES, 'open'].join(', ')}` })
  status?: AlertStatus | 'open';
}

export class ChartQuery {
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'hours must be a number' })
  @Min(0.1, { message: 'hours must be at least 0.1' })
  @Max(MAX_CHART_HOURS, { message: `hours must be at most ${MAX_CHART_HOURS} (7 days)` })
  hours?: number;
}

export class AnalyzeQuery {
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'hours must be a number' })
  @Min(1, { message: 'hours must be at least 1' })
  @Max(MAX_CHART_HOURS, { message: `hours must be at most ${MAX_CHART_HOURS} (7 days)` })
  hours?: number;
}

export class SimulateQuery {
  @IsOptional()
  @IsIn(ALERT_SEVERITIES, { message: `severity must be one of: ${ALERT_SEVERITIES.join(', ')}` })
  severity?: AlertSeverity;
}
