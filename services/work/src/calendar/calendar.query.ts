import { IsISO8601, IsOptional } from 'class-validator';

const ISO = { strict: true, strictSeparator: true };

/** GET /calendar/events parameters: a range [from, to) expands series into occurrences; none keeps the spec's plain list. */
export class ListCalendarEventsQuery {
  @IsOptional() @IsISO8601(ISO, { message: 'from must be an ISO 8601 date or date-time' }) from?: string;
  @IsOptional() @IsISO8601(ISO, { message: 'to must be an ISO 8601 date or date-time' }) to?: string;
}
