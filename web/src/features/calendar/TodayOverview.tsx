import type { CalendarEvent } from '@sixa/contracts/browser';
import { Card, Col, Row, Statistic } from 'antd';
import { useMemo } from 'react';
import { countDuring, daySpan, monthSpan, weekSpan } from './calendarDates';

interface TodayOverviewProps {
  today: Date;
  /** The events of today's month grid: it holds the whole week of today, also across a month's edge. */
  events: CalendarEvent[] | undefined;
  loading: boolean;
}

/** 'Today's Overview': today, this week (Sunday to Saturday) and this month, in the user's time zone. */
export function TodayOverview({ today, events, loading }: TodayOverviewProps) {
  const counts = useMemo(() => {
    const list = events ?? [];
    return {
      today: countDuring(list, daySpan(today)),
      week: countDuring(list, weekSpan(today)),
      month: countDuring(list, monthSpan(today)),
    };
  }, [events, today]);

  const stat = (title: string, value: number) => (
    <Col span={8}>
      <section aria-label={title}>
        <Statistic title={title} value={value} loading={loading} />
      </section>
    </Col>
  );

  return (
    <Card title="Today's Overview" size="small">
      <Row gutter={[12, 12]}>
        {stat('Total Events', counts.today)}
        {stat('This Week', counts.week)}
        {stat('This Month', counts.month)}
      </Row>
    </Card>
  );
}
