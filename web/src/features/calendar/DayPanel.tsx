import type { CalendarEvent } from '@sixa/contracts/browser';
import {
  BellOutlined,
  ClockCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EnvironmentOutlined,
  PlusOutlined,
  ShareAltOutlined,
  SyncOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, Card, Empty, Flex, Skeleton, Space, Tag, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { AccessButton } from '../../shared/access';
import { occurrenceKey } from './calendarDates';
import { CALENDAR_TEXT, formatLongDay, formatRecurrence, formatReminder, formatTimeRange } from './eventLabels';

interface DayPanelProps {
  day: Date;
  isToday: boolean;
  events: CalendarEvent[];
  loading: boolean;
  canChange: (event: CalendarEvent) => boolean;
  /** The event whose .ics is being fetched. */
  downloadingId?: string;
  onAdd: () => void;
  onEdit: (event: CalendarEvent) => void;
  onShare: (event: CalendarEvent) => void;
  onDelete: (event: CalendarEvent) => void;
  onDownload: (event: CalendarEvent) => void;
  /** The event a link named: outlined. */
  focusId?: string | null;
}

/** The element id of an event in the day's list (a link's `?focus=` scrolls to it). */
export const eventItemId = (id: string) => `calendar-event-${id}`;

/** The selected day: its events with time range, description, location and attendees (spec). */
export function DayPanel(props: DayPanelProps) {
  const { day, isToday, events, loading } = props;
  const title = formatLongDay(day);
  return (
    <Card
      title={
        <Space size="small" wrap>
          <span>{title}</span>
          {isToday ? <Tag color="processing">Today</Tag> : null}
        </Space>
      }
      extra={
        <AccessButton
          route="POST /calendar/events"
          size="small"
          icon={<PlusOutlined />}
          onClick={props.onAdd}
          aria-label={`Add event on ${title}`}
        >
          Add
        </AccessButton>
      }
      styles={{ body: { paddingTop: 8 } }}
    >
      <section aria-label={`Events on ${title}`} aria-busy={loading}>
        {loading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : events.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={CALENDAR_TEXT.noEvents} />
        ) : (
          <Flex vertical>
            {events.map((event, index) => (
              <EventItem key={occurrenceKey(event)} event={event} first={index === 0} {...props} />
            ))}
          </Flex>
        )}
      </section>
    </Card>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Flex gap="small" align="baseline">
      <span aria-label={label} role="img" style={{ flex: 'none' }}>
        {icon}
      </span>
      <Typography.Text type="secondary" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography.Text>
    </Flex>
  );
}

function EventItem({ event, first, ...props }: DayPanelProps & { event: CalendarEvent; first: boolean }) {
  const { token } = theme.useToken();
  const allowed = props.canChange(event);
  const recurrence = formatRecurrence(event.recurrence);
  const reminder = formatReminder(event.reminder_minutes);
  const locked = allowed ? undefined : CALENDAR_TEXT.notYours;
  const focused = props.focusId === event.id;
  return (
    <article
      aria-label={event.title}
      id={focused ? eventItemId(event.id) : undefined}
      aria-current={focused ? 'true' : undefined}
      style={{
        padding: `${token.paddingSM}px 0`,
        borderTop: first ? undefined : `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        ...(focused
          ? {
              paddingInline: token.paddingXS,
              borderRadius: token.borderRadius,
              boxShadow: `0 0 0 2px ${token.colorPrimaryBorder}`,
            }
          : null),
      }}
    >
      <Flex vertical gap={token.paddingXXS}>
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
          {event.title}
        </Typography.Text>
        <Detail icon={<ClockCircleOutlined />} label="Time">
          {formatTimeRange(event)}
        </Detail>
        {recurrence ? (
          <Detail icon={<SyncOutlined />} label="Repeats">
            {recurrence}
          </Detail>
        ) : null}
        {event.description ? (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {event.description}
          </Typography.Paragraph>
        ) : null}
        {event.location ? (
          <Detail icon={<EnvironmentOutlined />} label="Location">
            {event.location}
          </Detail>
        ) : null}
        {event.attendees.length ? (
          <Detail icon={<TeamOutlined />} label="Attendees">
            {event.attendees.join(', ')}
          </Detail>
        ) : null}
        {reminder ? (
          <Detail icon={<BellOutlined />} label="Reminder">
            {reminder}
          </Detail>
        ) : null}
        <Space size="small" wrap style={{ marginTop: token.paddingXXS }}>
          <AccessButton
            route="PUT /calendar/events/:id"
            tooltip={locked}
            size="small"
            icon={<EditOutlined />}
            disabled={!allowed}
            onClick={() => props.onEdit(event)}
          >
            Edit
          </AccessButton>
          <Button size="small" icon={<ShareAltOutlined />} onClick={() => props.onShare(event)}>
            Share
          </Button>
          <AccessButton
            route="DELETE /calendar/events/:id"
            tooltip={locked}
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={!allowed}
            onClick={() => props.onDelete(event)}
          >
            Delete
          </AccessButton>
          <Tooltip title="Download for another calendar app">
            <Button
              size="small"
              icon={<DownloadOutlined />}
              loading={props.downloadingId === event.id}
              onClick={() => props.onDownload(event)}
              aria-label={`Download ${event.title} as .ics`}
            >
              .ics
            </Button>
          </Tooltip>
        </Space>
      </Flex>
    </article>
  );
}
