import { render, screen, within } from '@testing-library/react';
import { dayKey, monthGridDays, startOfMonth } from '../calendarDates';
import { formatFullDay } from '../eventLabels';
import { MonthGrid } from '../MonthGrid';
import { buildEvent } from './calendarBackend';

const LONG = 'Quarterly planning with the regional sales leads and finance';

function renderMonth(day: Date, titles: string[], compact = false) {
  const events = titles.map((title, i) =>
    buildEvent({
      title,
      start_time: new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9 + i).toISOString(),
      end_time: new Date(day.getFullYear(), day.getMonth(), day.getDate(), 10 + i).toISOString(),
    }),
  );
  render(
    <MonthGrid
      month={startOfMonth(day)}
      days={monthGridDays(day)}
      today={day}
      selected={day}
      eventsByDay={new Map([[dayKey(day), events]])}
      compact={compact}
      loading={false}
      onSelect={() => undefined}
    />,
  );
  return screen.getByRole('gridcell', { name: new RegExp(`^${formatFullDay(day)}`) });
}

describe('MonthGrid day cells', () => {
  it('are named by the day, then the titles they show in full and how many more', () => {
    const day = new Date(2026, 4, 12);
    const cell = renderMonth(day, [LONG, 'Board meeting', 'Offsite lunch']);

    // Named by what it shows (no aria-label over it, so what is seen is what is said), the day first.
    expect(cell).not.toHaveAttribute('aria-label');
    expect(cell).toHaveAccessibleName(
      new RegExp(`^${formatFullDay(day)} \\(today\\), 3 events: ${LONG} ?; Board meeting ?; \\+1 more$`),
    );
    // At most two titles shown, then '+N more' (spec).
    expect(within(cell).getByText('+1 more')).toBeInTheDocument();
    expect(within(cell).queryByText('Offsite lunch')).not.toBeInTheDocument();
  });

  it('let a title wrap onto a second line of the cell, with the whole title on hover', () => {
    const day = new Date(2026, 4, 12);
    const cell = renderMonth(day, [LONG]);

    const title = within(cell).getByText(LONG);
    expect(title).toHaveAttribute('title', expect.stringMatching(new RegExp(`^${LONG} \\(`)));
    // Two lines of the cell's width rather than one line cut at the edge (about 10 characters at 1440 px).
    expect(title).toHaveStyle({ whiteSpace: 'normal', WebkitLineClamp: '2' });
    expect(title.style.whiteSpace).not.toBe('nowrap');
  });

  it('on a phone, where dots stand for the titles, are named by the day and how many events', () => {
    const day = new Date(2026, 4, 12);
    const cell = renderMonth(day, [LONG, 'Board meeting', 'Offsite lunch'], true);

    expect(cell).toHaveAccessibleName(`${formatFullDay(day)} (today), 3 events`);
  });
});
