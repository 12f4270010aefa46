import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CalendarEventDto } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import type { Reply } from '@sixa/service';
import { ListCalendarEventsQuery } from './calendar.query';
import { CalendarService } from './calendar.service';

const ICS = 'text/calendar; charset=utf-8';

@ApiTags('calendar')
@ApiBearerAuth()
@Controller('calendar')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /**
   * No parameters: every event, each series once (the spec's list). `from` and `to` (ISO 8601, at
   * most 366 days apart): the occurrences overlapping [from, to), series expanded, by start.
   */
  @Get('events')
  list(@Query() query: ListCalendarEventsQuery) {
    return this.calendar.list(query);
  }

  /** Answers the event and `conflicts`: other events of the same attendees at overlapping times. */
  @Post('events')
  create(@CurrentUser() actor: AuthUser, @Body() dto: CalendarEventDto) {
    return this.calendar.create(actor, dto);
  }

  /** The event as an iCalendar file (a series with its RRULE). */
  @Get('events/:id.ics')
  async ics(@Param('id') id: string, @Res({ passthrough: true }) reply: Reply) {
    const { fileName, body } = await this.calendar.ics(id);
    // Set once the file exists: an error is answered as JSON like any other.
    reply.header('content-type', ICS).header('content-disposition', `attachment; filename="${fileName}"`);
    return body;
  }

  @Get('events/:id')
  get(@Param('id') id: string) {
    return this.calendar.get(id);
  }

  @Put('events/:id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: CalendarEventDto,
    @ExpectedRev('event') rev?: number,
  ) {
    return this.calendar.update(actor, id, dto, undefined, { expectedRev: rev });
  }

  @Delete('events/:id')
  @HttpCode(204)
  async remove(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<void> {
    await this.calendar.remove(actor, id);
  }

  /** The signed-in user's subscription link (https and webcal://): their events and those they attend. */
  @Get('feed-link')
  feedLink(@CurrentUser() actor: AuthUser) {
    return this.calendar.feedLink(actor);
  }

  /** Replaces the link: the old one stops working. */
  @Post('feed-link/rotate')
  @HttpCode(200)
  rotateFeedLink(@CurrentUser() actor: AuthUser) {
    return this.calendar.rotateFeedLink(actor);
  }

  /** What calendar apps fetch: no sign-in, the signed token in the path is the credential. */
  @Get('feed/:token.ics')
  async feed(@Param('token') token: string, @Res({ passthrough: true }) reply: Reply) {
    const body = await this.calendar.feed(token);
    reply
      .header('content-type', ICS)
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', 'inline; filename="calendar.ics"');
    return body;
  }
}
