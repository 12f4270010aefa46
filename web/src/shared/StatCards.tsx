import { Col, Row, Statistic, type ColProps } from 'antd';
import type { ReactNode } from 'react';
import { Panel } from './Panel';

export interface StatCard {
  title: string;
  value: number | string;
  icon?: ReactNode;
  suffix?: string;
}

interface StatCardsProps {
  cards: readonly StatCard[];
  /** True until the figures first arrive (the cards keep their place and show a placeholder). */
  loading: boolean;
  /** Each card's width by screen size: two per row on phones, four from large screens by default. */
  width?: Pick<ColProps, 'xs' | 'sm' | 'lg'>;
}

const DEFAULT_WIDTH = { xs: 12, lg: 6 } as const;

/** The row of figures at the top of a list screen (leads, tasks, team, users, workflows, quotes). */
export function StatCards({ cards, loading, width = DEFAULT_WIDTH }: StatCardsProps) {
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.title} {...width}>
          <Panel>
            <Statistic
              title={card.title}
              value={card.value}
              suffix={card.suffix}
              prefix={card.icon}
              loading={loading}
            />
          </Panel>
        </Col>
      ))}
    </Row>
  );
}
