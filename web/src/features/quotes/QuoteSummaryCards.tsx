import type { QuoteAnalyticsSummary } from '@sixa/contracts/browser';
import { formatUsd } from '../../shared/money';
import { DollarOutlined, FileTextOutlined, LineChartOutlined, PercentageOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic } from 'antd';

interface QuoteSummaryCardsProps {
  summary: QuoteAnalyticsSummary | undefined;
  loading: boolean;
}

/** GET /quotes/analytics/summary: money in USD formatted for en-US (spec s.9). */
export function QuoteSummaryCards({ summary, loading }: QuoteSummaryCardsProps) {
  const cards = [
    { title: 'Total Quotes', value: String(summary?.total_quotes ?? 0), icon: <FileTextOutlined /> },
    {
      title: 'Conversion Rate',
      value: `${(summary?.conversion_rate ?? 0).toFixed(1)}%`,
      icon: <PercentageOutlined />,
    },
    { title: 'Total Value', value: formatUsd(summary?.total_value ?? 0), icon: <DollarOutlined /> },
    { title: 'Avg Quote Value', value: formatUsd(summary?.average_quote_value ?? 0), icon: <LineChartOutlined /> },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title={card.title} value={card.value} prefix={card.icon} loading={loading && !summary} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
