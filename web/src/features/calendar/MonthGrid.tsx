import type { CalendarEvent } from '@sixa/contracts/browser';
import { theme } from 'antd';
import { Fragment, useEffect, useMemo, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { visuallyHidden } from '../../shared/visuallyHidden';
import { addDays, addMonths, dayKey, occurrenceKey, sameDay, sameMonth, startOfWeek, WEEKDAYS } from './calendarDates';
import { formatFullDay, formatTimeRange } from './eventLabels';

/** The spec's limit: at most 2 event titles per day cell, then '+N more'. */
export const TITLES_PER_DAY = 2;

interface MonthGridProps {
  month: Date;
  days: Date[];
  today: Date;
  selected: Date;
  eventsByDay: Map<string, CalendarEvent[]>;
  /** Phones: the day's events as dots and a count instead of titles. */
  compact: boolean;
  loading: boolean;
  onSelect: (day: Date) => void;
}

/** The day the keys move to from `day`, or null for keys the grid does not handle. */
function dayForKey(day: Date, key: string): Date | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return startOfWeek(day);
    case 'End':
      return addDays(startOfWeek(day), 6);
    case 'PageUp':
    case 'PageDown': {
      const month = addMonths(day, key === 'PageUp' ? -1 : 1);
      const lastDay = addDays(addMonths(month, 1), -1).getDate();
      return new Date(month.getFullYear(), month.getMonth(), Math.min(day.getDate(), lastDay));
    }
    default:
      return null;
  }
}

const eventCount = (n: number) => (n === 0 ? 'no events' : n === 1 ? '1 event' : `${n} events`);

/**
 * The start of a day cell's name, read but not shown: the day, today, and how many events, e.g.
 * "Monday, 12 May 2026 (today), 3 events: ". The titles and '+N more' shown in the cell follow it, so
 * the cell is named by its content and what is seen is what is said (its whole titles, even where the
 * cell cuts them on screen).
 */
export function dayCellIntro(day: Date, isToday: boolean, count: number, titlesFollow: boolean): string {
  return `${formatFullDay(day)}${isToday ? ' (today)' : ''}, ${eventCount(count)}${count && titlesFollow ? ': ' : ''}`;
}

/**
 * The month, Sunday to Saturday. One day is in the tab order (the selected one); arrows, Home/End
 * and Page Up/Down move the selection, into the next or previous month when they leave this one.
 */
export function MonthGrid({ month, days, today, selected, eventsByDay, compact, loading, onSelect }: MonthGridProps) {
  const { token } = theme.useToken();
  const grid = useRef<HTMLDivElement>(null);
  const movedByKey = useRef(false);
  const weeks = useMemo(() => Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7)), [days]);

  // A selection made with the keys takes the focus along (also once the next month has rendered).
  useEffect(() => {
    if (!movedByKey.current) return;
    movedByKey.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${dayKey(selected)}"]`)?.focus();
  }, [selected, days]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, day: Date) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(day);
      return;
    }
    const next = dayForKey(day, event.key);
    if (!next) return;
    event.preventDefault();
    movedByKey.current = true;
    onSelect(next);
  };

  const row: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' };
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;

  return (
    <div
      ref={grid}
      role="grid"
      aria-readonly
      aria-busy={loading}
      style={{ border: line, borderRadius: token.borderRadiusLG, overflow: 'hidden', opacity: loading ? 0.6 : 1 }}
    >
      <div role="row" style={{ ...row, background: token.colorFillAlter }}>
        {WEEKDAYS.map((name) => (
          <div
            key={name}
            role="columnheader"
            style={{
              padding: `${token.paddingXS}px 0`,
              textAlign: 'center',
              fontSize: token.fontSizeSM,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextSecondary,
            }}
          >
            {compact ? (
              <>
                {name.slice(0, 1)}
                <span style={visuallyHidden}>{name.slice(1)}</span>
              </>
            ) : (
              name
            )}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={dayKey(week[0])} role="row" style={row}>
          {week.map((day, column) => {
            const events = eventsByDay.get(dayKey(day)) ?? [];
            const isToday = sameDay(day, today);
            const isSelected = sameDay(day, selected);
            const inMonth = sameMonth(day, month);
            const hidden = Math.max(events.length - TITLES_PER_DAY, 0);
            return (
              <div
                key={dayKey(day)}
                role="gridcell"
                data-day={dayKey(day)}
                tabIndex={isSelected ? 0 : -1}
                aria-selected={isSelected}
                aria-current={isToday ? 'date' : undefined}
                onClick={() => onSelect(day)}
                onKeyDown={(event) => onKeyDown(event, day)}
                style={{
                  minWidth: 0,
                  minHeight: compact ? 52 : 104,
                  padding: compact ? token.paddingXXS : token.paddingXS,
                  borderTop: line,
                  borderLeft: column === 0 ? undefined : line,
                  cursor: 'pointer',
                  background: isSelected
                    ? token.colorPrimaryBg
                    : inMonth
                      ? token.colorBgContainer
                      : token.colorFillAlter,
                  boxShadow: isSelected ? `inset 0 0 0 2px ${token.colorPrimary}` : undefined,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: compact ? 'center' : 'stretch',
                  gap: token.paddingXXS,
                  outlineOffset: -3,
                  // The hidden part of its name stays inside it.
                  position: 'relative',
                }}
              >
                <span style={visuallyHidden}>{dayCellIntro(day, isToday, events.length, !compact)}</span>
                <span
                  aria-hidden
                  style={{
                    alignSelf: compact ? 'center' : 'flex-start',
                    minWidth: 24,
                    height: 24,
                    lineHeight: '24px',
                    borderRadius: 12,
                    textAlign: 'center',
                    fontSize: token.fontSizeSM,
                    fontWeight: isToday || isSelected ? token.fontWeightStrong : undefined,
                    // Days of the months around stay readable (4.5:1), only dimmer than this month's.
                    color: isToday ? token.colorTextLightSolid : inMonth ? token.colorText : token.colorTextSecondary,
                    background: isToday ? token.colorPrimary : undefined,
                  }}
                >
                  {day.getDate()}
                </span>
                {compact ? (
                  <CompactEvents count={events.length} />
                ) : (
                  <>
                    {events.slice(0, TITLES_PER_DAY).map((event, i, shown) => (
                      <Fragment key={occurrenceKey(event)}>
                        <span
                          title={`${event.title} (${formatTimeRange(event)})`}
                          // Up to two lines of the cell's width, then an ellipsis; the whole title on hover
                          // and in the cell's name (its text is all there, only cut on screen).
                          style={{
                            display: '-webkit-box',
                            WebkitBoxOrient: 'vertical',
                            WebkitLineClamp: 2,
                            fontSize: token.fontSizeSM,
                            lineHeight: token.lineHeightSM,
                            padding: `0 ${token.paddingXXS}px`,
                            borderRadius: token.borderRadiusSM,
                            background: isSelected ? token.colorBgContainer : token.colorPrimaryBg,
                            color: token.colorPrimaryText,
                            whiteSpace: 'normal',
                            overflowWrap: 'anywhere',
                            overflow: 'hidden',
                          }}
                        >
                          {event.title}
                        </span>
                        {/* Where one title ends, for a screen reader that reads the cell's name at once. */}
                        {i < shown.length - 1 || hidden > 0 ? <span style={visuallyHidden}>; </span> : null}
                      </Fragment>
                    ))}
                    {hidden > 0 ? (
                      <span style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
                        +{hidden} more
                      </span>
                    ) : null}
                  </>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** A phone's day cell: a dot per event up to the spec's two, then '+N'. */
function CompactEvents({ count }: { count: number }) {
  const { token } = theme.useToken();
  if (count === 0) return null;
  const dots = Math.min(count, TITLES_PER_DAY);
  return (
    <span aria-hidden style={{ display: 'flex', alignItems: 'center', gap: 2, lineHeight: 1 }}>
      {Array.from({ length: dots }, (_, i) => (
        <span key={i} style={{ width: 6, height: 6, borderRadius: 3, background: token.colorPrimary }} />
      ))}
      {count > dots ? (
        <span style={{ fontSize: token.fontSizeSM - 2, color: token.colorTextSecondary }}>+{count - dots}</span>
      ) : null}
    </span>
  );
}
