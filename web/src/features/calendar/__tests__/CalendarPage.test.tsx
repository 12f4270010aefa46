import type { CalendarEvent } from '@sixa/contracts/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminUser, employeeUser } from '../../../test/factories';
import { renderApp, TEST_TOKEN } from '../../../test/renderApp';
import { addDays, monthGridSpan, startOfDay } from '../calendarDates';
import { formatFullDay, formatMonth, formatTimeRange } from '../eventLabels';
import { toLocalInput } from '../eventPayloads';
import { atDay, buildEvent, calendarBackend } from './calendarBackend';

const employee = employeeUser();
const admin = adminUser();

const today = () => startOfDay(new Date());

async function openCalendar(events: CalendarEvent[] = [], signedInAs = employee) {
  const backend = calendarBackend(events, signedInAs);
  const view = renderApp({ path: '/calendar', signedInAs });
  await screen.findByRole('heading', { name: 'Calendar' });
  await waitFor(() => expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'false'));
  return { ...view, backend };
}

/** A day cell of the month grid. */
function dayCell(day: Date) {
  return screen.getByRole('gridcell', { name: new RegExp(`^${formatFullDay(day)}`) });
}

/** The selected day's list of events. */
function dayEvents() {
  return within(screen.getByRole('region', { name: /^Events on / }));
}

/** The open dialog with this title (ids are all 'test-id' under jest: match the title text). */
async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getAllByText(title).length).toBeGreaterThan(0);
  return within(dialog);
}

describe('Calendar screen', () => {
  it("shows this month Sunday to Saturday and asks the server for the visible days' events", async () => {
    const { backend } = await openCalendar();

    expect(screen.getByText(/AI-assisted scheduling/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: formatMonth(new Date()) })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const cells = screen.getAllByRole('gridcell');
    expect(cells.length % 7).toBe(0);

    const span = monthGridSpan(today());
    const query = new URL(backend.callsTo('GET', '/api/calendar/events?')[0].path, 'http://x').searchParams;
    expect(query.get('from')).toBe(span.start.toISOString());
    expect(query.get('to')).toBe(span.end.toISOString());
    expect(backend.calls[0].headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    // Today's cell is marked and selected; its empty day says so.
    const cell = dayCell(today());
    expect(cell).toHaveAttribute('aria-current', 'date');
    expect(cell).toHaveAttribute('aria-selected', 'true');
    expect(dayEvents().getByText('No events scheduled')).toBeInTheDocument();
  });

  it('lists the selected day with time range, description, location and attendees, and its actions', async () => {
    const review = buildEvent({
      title: 'Quarterly review',
      description: 'Numbers for Q1',
      location: 'Room 4',
      attendees: ['ada@sixa.local', 'alan@sixa.local'],
      start_time: atDay(0, 14),
      end_time: atDay(0, 15, 30),
      reminder_minutes: 15,
    });
    await openCalendar([review]);

    const item = within(await dayEvents().findByRole('article', { name: 'Quarterly review' }));
    expect(item.getByText(formatTimeRange(review))).toBeInTheDocument();
    expect(item.getByText('Numbers for Q1')).toBeInTheDocument();
    expect(item.getByText('Room 4')).toBeInTheDocument();
    expect(item.getByText('ada@sixa.local, alan@sixa.local')).toBeInTheDocument();
    expect(item.getByText('Reminder 15 minutes before')).toBeInTheDocument();
    for (const name of [/Edit/, /Share/, /Delete/, /Download Quarterly review as \.ics/]) {
      expect(item.getByRole('button', { name })).toBeEnabled();
    }
    expect(within(dayCell(today())).getByText('Quarterly review')).toBeInTheDocument();
  });

  it("shows at most 2 titles in a day cell, then '+N more'", async () => {
    const events = [9, 11, 13, 15].map((hour) => buildEvent({ title: `Slot ${hour}`, start_time: atDay(0, hour) }));
    await openCalendar(
      events.map((e) => ({ ...e, end_time: new Date(Date.parse(e.start_time) + 1800_000).toISOString() })),
    );

    const cell = within(dayCell(today()));
    await cell.findByText('Slot 9');
    expect(cell.getByText('Slot 11')).toBeInTheDocument();
    expect(cell.queryByText('Slot 13')).not.toBeInTheDocument();
    expect(cell.getByText('+2 more')).toBeInTheDocument();
    expect(dayEvents().getAllByRole('article')).toHaveLength(4);
  });

  it("counts today's, this week's and this month's events, occurrences included", async () => {
    const weekly = buildEvent({
      title: 'Standup',
      start_time: atDay(0, 9),
      end_time: atDay(0, 9, 15),
      recurrence: { freq: 'daily', interval: 1, count: 3, until: null, rrule: 'FREQ=DAILY;COUNT=3' },
    });
    const farAway = buildEvent({ title: 'Next quarter', start_time: atDay(100), end_time: atDay(100, 11) });
    const todayOnly = buildEvent({ title: 'Lunch', start_time: atDay(0, 12), end_time: atDay(0, 13) });
    await openCalendar([weekly, farAway, todayOnly]);

    const stat = (name: string) => screen.getByRole('region', { name });
    await waitFor(() => expect(stat('Total Events')).toHaveTextContent('2'));
    // The daily series' 3 occurrences: each counts where it falls.
    const inWeek = [0, 1, 2].filter((d) => addDays(today(), d).getDay() >= today().getDay()).length;
    const inMonth = [0, 1, 2].filter((d) => addDays(today(), d).getMonth() === today().getMonth()).length;
    expect(stat('This Week')).toHaveTextContent(String(inWeek + 1));
    expect(stat('This Month')).toHaveTextContent(String(inMonth + 1));
  });

  it('selects a day by click and with the arrow keys, and moves between months', async () => {
    const tomorrow = addDays(today(), 1);
    const { user, backend } = await openCalendar([
      buildEvent({ title: 'Tomorrow thing', start_time: atDay(1, 10), end_time: atDay(1, 11) }),
    ]);

    await user.click(dayCell(tomorrow));
    expect(dayCell(tomorrow)).toHaveAttribute('aria-selected', 'true');
    expect(await dayEvents().findByText('Tomorrow thing')).toBeInTheDocument();

    dayCell(tomorrow).focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(dayCell(today())).toHaveFocus());
    expect(dayCell(today())).toHaveAttribute('aria-selected', 'true');
    expect(dayEvents().getByText('No events scheduled')).toBeInTheDocument();

    const next = new Date(today().getFullYear(), today().getMonth() + 1, 1);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: formatMonth(next) })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        backend
          .callsTo('GET', '/api/calendar/events?')
          .some((c) => c.path.includes(encodeURIComponent(monthGridSpan(next).start.toISOString()))),
      ).toBe(true),
    );
    expect(dayCell(next)).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: formatMonth(today()) })).toBeInTheDocument();
    expect(dayCell(today())).toHaveAttribute('aria-selected', 'true');
  });

  it('creates an event: starts now for an hour, Create stays disabled until a title, attendees split and times in ISO', async () => {
    const { user, backend } = await openCalendar();
    const before = new Date();
    before.setSeconds(0, 0);

    await user.click(screen.getByRole('button', { name: /New Event/ }));
    const dialog = await findDialog('Create New Event');
    const create = dialog.getByRole('button', { name: 'Create Event' });
    expect(create).toBeDisabled();
    const start = dialog.getByLabelText('Start time');
    expect([toLocalInput(before), toLocalInput(new Date(before.getTime() + 60_000))]).toContain(
      (start as HTMLInputElement).value,
    );
    const startValue = (start as HTMLInputElement).value;
    const startsAt = new Date(startValue);
    expect(dialog.getByLabelText('End time')).toHaveValue(toLocalInput(new Date(startsAt.getTime() + 3_600_000)));

    await user.type(dialog.getByLabelText('Title'), 'Design review');
    await waitFor(() => expect(create).toBeEnabled());
    await user.type(dialog.getByLabelText('Location'), 'Room 2');
    await user.type(dialog.getByLabelText('Attendees'), ' ada@sixa.local , ,alan@sixa.local,');
    await user.click(create);

    await screen.findByText('Event created successfully!');
    const [post] = backend.callsTo('POST', '/api/calendar/events');
    expect(post.body).toMatchObject({
      title: 'Design review',
      location: 'Room 2',
      attendees: ['ada@sixa.local', 'alan@sixa.local'],
      start_time: startsAt.toISOString(),
      end_time: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      recurrence: null,
      reminder_minutes: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await dayEvents().findByRole('article', { name: 'Design review' })).toBeInTheDocument();

    // Opened again, the form is back to its defaults.
    await user.click(screen.getByRole('button', { name: /New Event/ }));
    const again = await findDialog('Create New Event');
    expect(again.getByLabelText('Title')).toHaveValue('');
    expect(again.getByLabelText('Location')).toHaveValue('');
  });

  it('sends a weekly series with its end and a reminder', async () => {
    const { user, backend } = await openCalendar();
    await user.click(screen.getByRole('button', { name: /New Event/ }));
    const dialog = await findDialog('Create New Event');
    await user.type(dialog.getByLabelText('Title'), 'Team sync');

    await user.click(dialog.getByLabelText('Repeat'));
    await user.click((await screen.findAllByTitle('Weekly')).at(-1)!);
    const count = await dialog.findByLabelText('Occurrences');
    await user.clear(count);
    await user.type(count, '6');
    await user.click(dialog.getByLabelText('Reminder'));
    await user.click((await screen.findAllByTitle('15 minutes before')).at(-1)!);
    await user.click(dialog.getByRole('button', { name: 'Create Event' }));

    await screen.findByText('Event created successfully!');
    expect(backend.callsTo('POST', '/api/calendar/events')[0].body).toMatchObject({
      recurrence: { freq: 'weekly', interval: 1, count: 6, until: null },
      reminder_minutes: 15,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it("keeps the form open with the server's reason when creating fails", async () => {
    const { user, backend } = await openCalendar();
    backend.fail('POST /api/calendar/events', {
      status: 400,
      body: { detail: 'attendees: not-an-email is not valid' },
    });
    await user.click(screen.getByRole('button', { name: /New Event/ }));
    const dialog = await findDialog('Create New Event');
    await user.type(dialog.getByLabelText('Title'), 'Broken');
    await user.click(dialog.getByRole('button', { name: 'Create Event' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create event. Please try again.');
    expect(alert).toHaveTextContent('attendees: not-an-email is not valid');
    expect(dialog.getByLabelText('Title')).toHaveValue('Broken');
  });

  it('refuses an end before the start and names addresses that are not e-mails', async () => {
    const { user, backend } = await openCalendar();
    await user.click(screen.getByRole('button', { name: /New Event/ }));
    const dialog = await findDialog('Create New Event');
    await user.type(dialog.getByLabelText('Title'), 'Backwards');
    const start = dialog.getByLabelText('Start time') as HTMLInputElement;
    fireEvent.change(dialog.getByLabelText('End time'), {
      target: { value: toLocalInput(new Date(new Date(start.value).getTime() - 3_600_000)) },
    });
    await user.type(dialog.getByLabelText('Attendees'), 'ada@sixa.local, bob');
    await user.click(dialog.getByRole('button', { name: 'Create Event' }));

    expect(await dialog.findByText('The end must be after the start')).toBeInTheDocument();
    expect(await dialog.findByText('Not an e-mail address: bob')).toBeInTheDocument();
    expect(backend.callsTo('POST', '/api/calendar/events')).toHaveLength(0);
  });

  it('edits an event filled from it, then Cancel brings the defaults back', async () => {
    const review = buildEvent({
      title: 'Quarterly review',
      location: 'Room 4',
      attendees: ['ada@sixa.local'],
      start_time: atDay(0, 14),
      end_time: atDay(0, 15),
      rev: 3,
    });
    const { user, backend } = await openCalendar([review]);
    const item = within(await dayEvents().findByRole('article', { name: 'Quarterly review' }));
    await user.click(item.getByRole('button', { name: /Edit/ }));

    const dialog = await findDialog('Edit Event');
    expect(dialog.getByLabelText('Title')).toHaveValue('Quarterly review');
    expect(dialog.getByLabelText('Location')).toHaveValue('Room 4');
    expect(dialog.getByLabelText('Attendees')).toHaveValue('ada@sixa.local');
    expect(dialog.getByLabelText('Start time')).toHaveValue(toLocalInput(new Date(review.start_time)));
    await user.clear(dialog.getByLabelText('Title'));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Update Event' })).toBeDisabled());
    await user.type(dialog.getByLabelText('Title'), 'Quarterly review (moved)');
    await user.click(dialog.getByRole('button', { name: 'Update Event' }));

    await screen.findByText('Event updated successfully!');
    const [put] = backend.callsTo('PUT', `/api/calendar/events/${review.id}`);
    expect(put.body).toMatchObject({
      title: 'Quarterly review (moved)',
      start_time: review.start_time,
      end_time: review.end_time,
      attendees: ['ada@sixa.local'],
    });
    // The revision the form was opened on, as If-Match: the server refuses it if the event changed since.
    expect(put.headers.get('If-Match')).toBe(review.etag);
    expect(await dayEvents().findByRole('article', { name: 'Quarterly review (moved)' })).toBeInTheDocument();

    await user.click(
      within(dayEvents().getByRole('article', { name: 'Quarterly review (moved)' })).getByRole('button', {
        name: /Edit/,
      }),
    );
    await user.click((await findDialog('Edit Event')).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: /New Event/ }));
    expect((await findDialog('Create New Event')).getByLabelText('Title')).toHaveValue('');
  });

  it("says when an update failed, with the server's reason", async () => {
    const review = buildEvent({ title: 'Quarterly review' });
    const { user, backend } = await openCalendar([review]);
    backend.fail(`PUT /api/calendar/events/${review.id}`, { status: 500, body: {} });
    await user.click(
      within(await dayEvents().findByRole('article', { name: 'Quarterly review' })).getByRole('button', {
        name: /Edit/,
      }),
    );
    const dialog = await findDialog('Edit Event');
    await user.click(dialog.getByRole('button', { name: 'Update Event' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to update event. Please try again.');
  });

  it('edits a series from the series itself, and says that every occurrence changes', async () => {
    const series = buildEvent({
      title: 'Standup',
      start_time: atDay(-14, 9),
      end_time: atDay(-14, 9, 15),
      recurrence: { freq: 'daily', interval: 1, count: 30, until: null, rrule: 'FREQ=DAILY;COUNT=30' },
    });
    const { user, backend } = await openCalendar([series]);
    const item = within(await dayEvents().findByRole('article', { name: 'Standup' }));
    expect(item.getByText('Repeats daily, 30 times')).toBeInTheDocument();
    await user.click(item.getByRole('button', { name: /Edit/ }));

    const dialog = await findDialog('Edit Event');
    expect(dialog.getByText(/every occurrence in the series/)).toBeInTheDocument();
    await waitFor(() =>
      expect(dialog.getByLabelText('Start time')).toHaveValue(toLocalInput(new Date(series.start_time))),
    );
    expect(backend.callsTo('GET', `/api/calendar/events/${series.id}`)).toHaveLength(1);
    expect(await dialog.findByLabelText('Occurrences')).toHaveValue('30');
    await user.click(dialog.getByRole('button', { name: 'Update Event' }));
    await screen.findByText('Event updated successfully!');
    expect(backend.callsTo('PUT', `/api/calendar/events/${series.id}`)[0].body).toMatchObject({
      start_time: series.start_time,
      recurrence: { freq: 'daily', interval: 1, count: 30, until: null },
    });
  });

  it("warns after a save that overlaps an attendee's other event", async () => {
    const { user, backend } = await openCalendar();
    backend.answerConflicts([
      {
        attendee: 'ada@sixa.local',
        event_id: 'other',
        title: 'Board meeting',
        start_time: atDay(0, 10),
        end_time: atDay(0, 11),
      },
    ]);
    await user.click(screen.getByRole('button', { name: /New Event/ }));
    const dialog = await findDialog('Create New Event');
    await user.type(dialog.getByLabelText('Title'), 'Clash');
    await user.click(dialog.getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByText('"Clash" overlaps other events')).toBeInTheDocument();
    expect(
      screen.getByText(
        `Overlaps with "Board meeting" (${formatTimeRange({ start_time: atDay(0, 10), end_time: atDay(0, 11) })}) for ada@sixa.local`,
      ),
    ).toBeInTheDocument();
  });

  it('deletes after the confirmation with the title, and says so', async () => {
    const review = buildEvent({ title: 'Quarterly review' });
    const { user, backend } = await openCalendar([review]);
    await user.click(
      within(await dayEvents().findByRole('article', { name: 'Quarterly review' })).getByRole('button', {
        name: /Delete/,
      }),
    );
    const confirm = await findDialog('Are you sure you want to delete "Quarterly review"?');
    expect(confirm.getByText('This action cannot be undone.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Event "Quarterly review" has been successfully deleted.')).toBeInTheDocument();
    expect(backend.callsTo('DELETE', `/api/calendar/events/${review.id}`)).toHaveLength(1);
    expect(await dayEvents().findByText('No events scheduled')).toBeInTheDocument();
  });

  it("shows the spec's text when deleting fails, and keeps the event", async () => {
    const review = buildEvent({ title: 'Quarterly review' });
    const { user, backend } = await openCalendar([review]);
    backend.fail(`DELETE /api/calendar/events/${review.id}`, { status: 500, body: {} });
    await user.click(
      within(await dayEvents().findByRole('article', { name: 'Quarterly review' })).getByRole('button', {
        name: /Delete/,
      }),
    );
    const confirm = await findDialog('Are you sure you want to delete "Quarterly review"?');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete event. Please try again.');
    expect(dayEvents().getByRole('article', { name: 'Quarterly review' })).toBeInTheDocument();
  });

  it("lets an employee change only their own events; an admin changes anyone's", async () => {
    const theirs = buildEvent({ title: 'Not mine', created_by: 'someone-else' });
    const { unmount } = await openCalendar([theirs], employee);
    const item = within(await dayEvents().findByRole('article', { name: 'Not mine' }));
    expect(item.getByRole('button', { name: /Edit/ })).toBeDisabled();
    expect(item.getByRole('button', { name: /Delete/ })).toBeDisabled();
    expect(item.getByRole('button', { name: /Share/ })).toBeEnabled();
    unmount();

    await openCalendar([theirs], admin);
    const asAdmin = within(await dayEvents().findByRole('article', { name: 'Not mine' }));
    expect(asAdmin.getByRole('button', { name: /Edit/ })).toBeEnabled();
    expect(asAdmin.getByRole('button', { name: /Delete/ })).toBeEnabled();
  });

  it('shares with the device share sheet, or copies the details to the clipboard', async () => {
    const review = buildEvent({ title: 'Quarterly review', location: 'Room 4' });
    const { user } = await openCalendar([review]);
    const share = jest.fn(async (_data: ShareData) => undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    const item = within(await dayEvents().findByRole('article', { name: 'Quarterly review' }));

    await user.click(item.getByRole('button', { name: /Share/ }));
    expect(await screen.findByText('Event shared successfully!')).toBeInTheDocument();
    expect(share.mock.calls[0][0]).toMatchObject({ title: 'Quarterly review' });
    expect(share.mock.calls[0][0].text).toContain('Location: Room 4');

    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(item.getByRole('button', { name: /Share/ }));
    expect(await screen.findByText('Event details copied to clipboard!')).toBeInTheDocument();
    expect(screen.getByText(/Paste them into an e-mail/)).toBeInTheDocument();
    expect(writeText.mock.calls[0][0]).toContain('Quarterly review');
  });

  it('downloads the event as an .ics file fetched with the token', async () => {
    const review = buildEvent({ title: 'Quarterly review' });
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        lastBlob = blob;
        return 'blob:event';
      },
      revokeObjectURL: () => undefined,
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
    });
    const { user, backend } = await openCalendar([review]);
    await user.click(await dayEvents().findByRole('button', { name: 'Download Quarterly review as .ics' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('Quarterly-review.ics');
    const [call] = backend.callsTo('GET', `/api/calendar/events/${review.id}.ics`);
    expect(call.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('shows the subscription link and resets it', async () => {
    const { user, backend } = await openCalendar();
    await user.click(screen.getByRole('button', { name: /Subscribe/ }));
    const dialog = await findDialog('Subscribe to your calendar');
    const link = await dialog.findByRole('textbox', { name: 'Calendar link' });
    expect(link).toHaveValue('https://sixa.example/api/calendar/feed/token-1.ics');
    expect(dialog.getByRole('link', { name: /Open in calendar app/ })).toHaveAttribute(
      'href',
      'webcal://sixa.example/api/calendar/feed/token-1.ics',
    );

    await user.click(dialog.getByRole('button', { name: /Reset link/ }));
    const popconfirm = await screen.findByRole('tooltip');
    expect(
      within(popconfirm).getByText('The current link stops working in every app that uses it.'),
    ).toBeInTheDocument();
    await user.click(within(popconfirm).getByRole('button', { name: 'Reset link' }));

    await waitFor(() => expect(link).toHaveValue('https://sixa.example/api/calendar/feed/token-2.ics'));
    expect(backend.callsTo('POST', '/api/calendar/feed-link/rotate')).toHaveLength(1);
  });

  it('says why the month could not be loaded', async () => {
    const backend = calendarBackend([], employee);
    backend.fail('GET /api/calendar/events', { status: 503, body: { detail: 'Work service is restarting' } });
    renderApp({ path: '/calendar', signedInAs: employee });
    expect(await screen.findByRole('alert')).toHaveTextContent('Work service is restarting');
  });

  describe('opened from a link', () => {
    it("shows the day of /calendar?focus=<id> in its month with the event outlined, without an editor for someone else's event", async () => {
      const day = addDays(today(), 45);
      const review = buildEvent({
        id: 'event-review',
        title: 'Board review',
        start_time: atDay(45, 14),
        end_time: atDay(45, 15),
        created_by: 'someone-else',
      });
      calendarBackend([review], employee);
      renderApp({ path: '/calendar?focus=event-review', signedInAs: employee });

      expect(await screen.findByRole('heading', { name: formatMonth(day) })).toBeInTheDocument();
      await waitFor(() => expect(dayCell(day)).toHaveAttribute('aria-selected', 'true'));
      const item = await dayEvents().findByRole('article', { name: 'Board review' });
      expect(item).toHaveAttribute('aria-current', 'true');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('opens the editor of a linked event its creator may change', async () => {
      const standup = buildEvent({ id: 'event-standup', title: 'Team standup', created_by: employee.id });
      calendarBackend([standup], employee);
      renderApp({ path: '/calendar?focus=event-standup', signedInAs: employee });

      const dialog = await findDialog('Edit Event');
      expect(dialog.getByLabelText('Title')).toHaveValue('Team standup');
    });
  });
});
