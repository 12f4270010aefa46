import type { CalendarEventSaved } from '@sixa/contracts';
import { formatInZone, zonedInstant } from '../chat-dates';
import type { MeetingParams } from '../intent-parser';
import { explainApiError } from '../workspace-api';
import type { CreatedKind } from './created';
import { findMember } from './task-tools';
import { plural, type ToolContext, type ToolOutcome } from './tool-context';

export const DEFAULT_MEETING_MINUTES = 30;

export async function prepareMeeting(ctx: ToolContext, m: MeetingParams): Promise<ToolOutcome> {
  const meeting: MeetingParams = { ...m, attendees: [...m.attendees], names: [] };
  const unknown: string[] = [];
  try {
    for (const name of m.names) {
      const { member, several } = await findMember(ctx, name);
      if (several?.length)
        return {
          text: `Several team members match "${name}": ${several.map((x) => `${x.name} (${x.email})`).join(', ')}. Which e-mail should I invite?`,
          draftMeeting: meeting,
        };
      if (member) meeting.attendees = [...new Set([...meeting.attendees, member.email.toLowerCase()])];
      else unknown.push(name);
    }
  } catch (e) {
    return { text: explainApiError(e, 'look up the attendees'), draftMeeting: meeting };
  }
  const missing: string[] = [];
  if (!meeting.day || !meeting.time) missing.push(meeting.day ? 'what time' : 'which day and time');
  if (!meeting.attendees.length) missing.push('who should attend (an e-mail address)');
  if (missing.length) {
    const known = meeting.day
      ? ` on ${formatInZone(zonedInstant(meeting.day, '12:00', ctx.zone), ctx.zone, false)}`
      : '';
    const withWhom = meeting.attendees.length ? ` with ${meeting.attendees.join(', ')}` : '';
    const notFound = unknown.length
      ? ` I couldn't find ${unknown.join(', ')} in the team, so I need an e-mail address.`
      : '';
    const example = [
      !meeting.time && (meeting.day ? 'at 10' : 'tomorrow at 10'),
      !meeting.attendees.length && 'with ana@example.com',
    ]
      .filter(Boolean)
      .join(' ');
    return {
      text: `Sure, I'll schedule a meeting${known}${withWhom}. Tell me ${missing.join(' and ')}, e.g. "${example}".${notFound}`,
      draftMeeting: meeting,
      data: { missing },
    };
  }
  const start = zonedInstant(meeting.day!, meeting.time!, ctx.zone);
  if (start.getTime() <= ctx.now.getTime())
    return {
      text: `${formatInZone(start, ctx.zone)} has already passed. When should the meeting be instead?`,
      draftMeeting: { ...meeting, time: undefined },
    };
  const minutes = meeting.duration_minutes ?? DEFAULT_MEETING_MINUTES;
  const end = new Date(start.getTime() + minutes * 60_000);
  const title = (meeting.title ?? `Meeting with ${meeting.attendees.join(', ')}`).slice(0, 200);
  const summary =
    `Schedule '${title}' on ${formatInZone(start, ctx.zone)} (${ctx.zone}) for ${minutes} minutes with ${meeting.attendees.join(', ')}?` +
    (unknown.length ? ` (I couldn't find ${unknown.join(', ')} in the team.)` : '');
  return {
    text: summary,
    draftMeeting: null,
    proposal: {
      tool: 'schedule_meeting',
      summary,
      calls: [
        {
          method: 'POST',
          path: '/calendar/events',
          body: {
            title,
            description: `Scheduled by ${ctx.user.name || 'a user'} with SIXA.`,
            start_time: start.toISOString(),
            end_time: end.toISOString(),
            attendees: meeting.attendees,
            time_zone: ctx.zone,
          },
        },
      ],
    },
  };
}

export const meetingCreated: CreatedKind<CalendarEventSaved> = {
  prefix: '/calendar',
  what: 'schedule the meeting',
  describe: (ev, id, zone) => {
    const conflicts = ev.conflicts?.length
      ? ` (note: ${plural(ev.conflicts.length, 'attendee')} already ${ev.conflicts.length === 1 ? 'has' : 'have'} something at that time)`
      : '';
    return {
      text: `scheduled '${ev.title}' on ${formatInZone(ev.start_time, zone)} with ${ev.attendees.join(', ')}${conflicts}`,
      link: { label: `Meeting: ${ev.title}`, href: `/calendar?focus=${id}` },
    };
  },
};
