import type { CalendarEvent, CalendarEventSaved, CalendarFeedInfo } from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import { alertError } from '../../shared/apiError';
import { editRequest, type RecordEdit } from '../../shared/revision';
import { CALENDAR_ERRORS } from './eventLabels';
import type { CalendarEventBody } from './eventPayloads';

/** A range of the calendar: ISO instants, `from` inclusive, `to` exclusive. */
export interface CalendarRange {
  from: string;
  to: string;
}

const LIST = { type: 'CalendarEvent', id: 'LIST' } as const;
const FEED = { type: 'CalendarEvent', id: 'FEED' } as const;

const eventPath = (id: string) => `/calendar/events/${encodeURIComponent(id)}`;

export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The events taking place in the range, recurring ones as one entry per occurrence. */
    getCalendarEvents: build.query<CalendarEvent[], CalendarRange>({
      query: ({ from, to }) => ({ url: '/calendar/events', params: { from, to } }),
      // Any save may move an event into or out of any range: every range listens to LIST.
      providesTags: (events) => [...(events ?? []).map(({ id }) => ({ type: 'CalendarEvent' as const, id })), LIST],
    }),
    /** One event as stored: for a series, its first start and its rule (what Edit changes). */
    getCalendarEvent: build.query<CalendarEvent, string>({
      query: (id) => eventPath(id),
      providesTags: (_event, _error, id) => [{ type: 'CalendarEvent', id }],
    }),
    createCalendarEvent: build.mutation<CalendarEventSaved, CalendarEventBody>({
      query: (body) => ({ url: '/calendar/events', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateCalendarEvent: build.mutation<CalendarEventSaved, RecordEdit<CalendarEventBody>>({
      query: ({ id, ...edit }) => editRequest(eventPath(id), edit),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'CalendarEvent', id }, LIST],
    }),
    deleteCalendarEvent: build.mutation<void, string>({
      query: (id) => ({ url: eventPath(id), method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'CalendarEvent', id }, LIST]),
      transformErrorResponse: alertError(CALENDAR_ERRORS.delete),
    }),
    /** The event's iCalendar text (fetched with the token; the caller saves it as a file). */
    downloadEventIcs: build.mutation<string, string>({
      query: (id) => ({
        url: `${eventPath(id)}.ics`,
        responseHandler: (response) => (response.ok ? response.text() : response.json().catch(() => null)),
      }),
      transformErrorResponse: alertError(CALENDAR_ERRORS.ics),
    }),
    /** The user's subscription feed (a signed link calendar apps fetch without signing in). */
    getCalendarFeedLink: build.query<CalendarFeedInfo, void>({
      query: () => '/calendar/feed-link',
      providesTags: [FEED],
    }),
    /** A new feed link; the old one stops working. */
    rotateCalendarFeedLink: build.mutation<CalendarFeedInfo, void>({
      query: () => ({ url: '/calendar/feed-link/rotate', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(calendarApi.util.upsertQueryData('getCalendarFeedLink', undefined, data));
        } catch {
          // shown by the API error listener
        }
      },
      transformErrorResponse: alertError(CALENDAR_ERRORS.rotate),
    }),
  }),
});

export const {
  useGetCalendarEventsQuery,
  useGetCalendarEventQuery,
  useCreateCalendarEventMutation,
  useUpdateCalendarEventMutation,
  useDeleteCalendarEventMutation,
  useDownloadEventIcsMutation,
  useGetCalendarFeedLinkQuery,
  useRotateCalendarFeedLinkMutation,
} = calendarApi;
