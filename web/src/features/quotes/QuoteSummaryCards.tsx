import type { QuoteAnalyticsSummary } from '@sixa/contracts/browser';
import { formatUsd } from '../../shared/money';
import { DollarOutlined, FileTextOutlined, LineChartOutlined, PercentageOutlined } from '@ant-design/icons';
import { StatCards } from '../../shared/StatCards';

interface QuoteSummaryCardsProps {
  summary: QuoteAnalyticsSummary | undefined;
  loading: boolean;
}

/** Sums of money need the width: one card per row on phones. */
const QUOTE_CARD_WIDTH = { xs: 24, sm: 12, lg: 6 } as const;

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
  return <StatCards cards={cards} loading={loading && !summary} width={QUOTE_CARD_WIDTH} />;
}
