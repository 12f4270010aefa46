import type { CalendarEvent, CalendarEventSaved } from '@sixa/contracts/browser';
import { LeftOutlined, LinkOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Grid, Row, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { AccessButton } from '../../shared/access';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { useContainerWidth } from '../../shared/useContainerWidth';
import { useFormDialog } from '../../shared/useFormDialog';
import { useLinkQuery } from '../../shared/useLinkQuery';
import { selectCurrentUser } from '../auth/authSlice';
import { useGetCalendarEventQuery, useGetCalendarEventsQuery } from './calendarApi';
import {
  addMonths,
  dayKey,
  eventsByDay,
  monthGridDays,
  monthGridSpan,
  rangeArgs,
  sameDay,
  sameMonth,
  startOfMonth,
} from './calendarDates';
import { DayPanel, eventItemId } from './DayPanel';
import { CALENDAR_ERRORS, formatMonth } from './eventLabels';
import { EventFormModal, type EventEditor } from './EventFormModal';
import { MonthGrid } from './MonthGrid';
import { SubscribeModal } from './SubscribeModal';
import { TodayOverview } from './TodayOverview';
import { useEventActions } from './useEventActions';
import { useToday } from './useToday';

/** Below this width the grid's cells show dots and counts instead of titles. */
const COMPACT_GRID_WIDTH = 560;
const NO_EVENTS: CalendarEvent[] = [];

/** A new event on a day other than today starts at 9:00 there; today it starts now (spec). */
function startFor(day: Date, today: Date): Date {
  return sameDay(day, today) ? new Date() : new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9, 0);
}

/** A dashboard or assistant link: `?focus=<eventId>` opens that event on its day. */
const LINK_KEYS = ['focus'] as const;

/**
 * Calendar: the month grid, today's figures, the selected day's events, and the event editor. A
 * link's `?focus=<eventId>` shows that event's day with the event outlined, and opens its editor
 * for whoever may change it.
 */
export default function CalendarPage() {
  const today = useToday();
  const [month, setMonth] = useState(() => startOfMonth(today));
  const [selected, setSelected] = useState(today);
  const editor = useFormDialog<EventEditor>({ mode: 'create', start: today });
  const openEditor = editor.show;
  const [subscribing, setSubscribing] = useState(false);
  const user = useAppSelector(selectCurrentUser);
  const phone = Grid.useBreakpoint().md === false;
  const gridBox = useRef<HTMLDivElement>(null);
  const gridWidth = useContainerWidth(gridBox);
  const compact = gridWidth !== undefined && gridWidth < COMPACT_GRID_WIDTH;
  const actions = useEventActions();

  const days = useMemo(() => monthGridDays(month), [month]);
  const range = useMemo(() => rangeArgs(monthGridSpan(month)), [month]);
  const monthQuery = useGetCalendarEventsQuery(range);
  // Today's month grid holds all of today's week and month; the same request when it is the month shown.
  const todayRange = useMemo(() => rangeArgs(monthGridSpan(today)), [today]);
  const todayQuery = useGetCalendarEventsQuery(todayRange);

  const events = monthQuery.currentData ?? NO_EVENTS;
  const loading = monthQuery.currentData === undefined && !monthQuery.error;
  const byDay = useMemo(() => eventsByDay(events, days), [events, days]);

  const select = useCallback(
    (day: Date) => {
      setSelected(day);
      if (!sameMonth(day, month)) setMonth(startOfMonth(day));
    },
    [month],
  );

  const showMonth = (next: Date) => {
    setMonth(next);
    setSelected(sameMonth(next, today) ? today : next);
  };

  const onSaved = useCallback((saved: CalendarEventSaved) => select(new Date(saved.start_time)), [select]);

  const canChange = useCallback(
    (event: CalendarEvent) => user?.role === 'admin' || event.created_by === user?.id,
    [user],
  );

  const focusId = useLinkQuery(LINK_KEYS).values.focus;
  const { data: focused } = useGetCalendarEventQuery(focusId ?? '', { skip: !focusId });
  // Once per linked event: its day, and its editor when allowed.
  const shownFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!focused || focused.id !== focusId || shownFocus.current === focused.id) return;
    shownFocus.current = focused.id;
    select(new Date(focused.start_time));
    if (canChange(focused)) openEditor({ mode: 'edit', event: focused });
  }, [focused, focusId, select, canChange, openEditor]);
  // Its item in the day's list, once that day's events are shown.
  const focusListed = Boolean(focusId && (byDay.get(dayKey(selected)) ?? NO_EVENTS).some((e) => e.id === focusId));
  useEffect(() => {
    if (focusId && focusListed) {
      document.getElementById(eventItemId(focusId))?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    }
  }, [focusId, focusListed]);

  const dayPanel = (
    <DayPanel
      day={selected}
      isToday={sameDay(selected, today)}
      events={byDay.get(dayKey(selected)) ?? NO_EVENTS}
      loading={loading}
      canChange={canChange}
      focusId={focusId}
      downloadingId={actions.downloadingId}
      onAdd={() => openEditor({ mode: 'create', start: startFor(selected, today) })}
      onEdit={(event) => openEditor({ mode: 'edit', event })}
      onShare={(event) => void actions.share(event)}
      onDelete={actions.confirmDelete}
      onDownload={(event) => void actions.download(event)}
    />
  );
  const overview = (
    <TodayOverview
      today={today}
      events={todayQuery.currentData}
      loading={todayQuery.currentData === undefined && !todayQuery.error}
    />
  );

  return (
    <>
      <PageHeader
        title="Calendar"
        subtitle="AI-assisted scheduling: plan meetings, spot overlaps and share events"
        extra={
          <Space wrap>
            <Button icon={<LinkOutlined />} onClick={() => setSubscribing(true)}>
              Subscribe
            </Button>
            <AccessButton
              route="POST /calendar/events"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => openEditor({ mode: 'create', start: new Date() })}
            >
              New Event
            </AccessButton>
          </Space>
        }
      />
      <Flex vertical gap="middle">
        <LoadErrorAlert
          error={monthQuery.error}
          fallback={CALENDAR_ERRORS.load}
          onRetry={() => void monthQuery.refetch()}
        />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Card size={phone ? 'small' : undefined} styles={phone ? { body: { padding: 8 } } : undefined}>
              <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 12 }}>
                <Typography.Title level={4} style={{ margin: 0 }} aria-live="polite">
                  {formatMonth(month)}
                </Typography.Title>
                <Space.Compact>
                  <Button
                    icon={<LeftOutlined />}
                    aria-label="Previous month"
                    onClick={() => showMonth(addMonths(month, -1))}
                  />
                  <Button onClick={() => showMonth(startOfMonth(today))}>Today</Button>
                  <Button
                    icon={<RightOutlined />}
                    aria-label="Next month"
                    onClick={() => showMonth(addMonths(month, 1))}
                  />
                </Space.Compact>
              </Flex>
              <div ref={gridBox}>
                <MonthGrid
                  month={month}
                  days={days}
                  today={today}
                  selected={selected}
                  eventsByDay={byDay}
                  compact={compact}
                  loading={monthQuery.isFetching}
                  onSelect={select}
                />
              </div>
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap="middle">
              {phone ? (
                <>
                  {dayPanel}
                  {overview}
                </>
              ) : (
                <>
                  {overview}
                  {dayPanel}
                </>
              )}
            </Flex>
          </Col>
        </Row>
      </Flex>
      <EventFormModal open={editor.open} editor={editor.target} onClose={editor.close} onSaved={onSaved} />
      <SubscribeModal open={subscribing} onClose={() => setSubscribing(false)} />
    </>
  );
}
