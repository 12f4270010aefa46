import type { LeadStats as LeadStatsData } from '@sixa/contracts/browser';
import { FireOutlined, PercentageOutlined, StarOutlined, TeamOutlined } from '@ant-design/icons';
import { StatCards } from '../../shared/StatCards';

interface LeadStatsProps {
  stats: LeadStatsData | undefined;
  loading: boolean;
}

/** Counts over every lead (GET /leads/stats), not the filtered page. */
export function LeadStats({ stats, loading }: LeadStatsProps) {
  const cards = [
    { title: 'Total Leads', value: stats?.total_leads ?? 0, icon: <TeamOutlined /> },
    { title: 'Hot Leads', value: stats?.hot_leads ?? 0, icon: <FireOutlined /> },
    // Converted over all leads, as the server computes it (not the spec's fixed 24.5%).
    {
      title: 'Conversion Rate',
      value: stats ? stats.conversion_rate.toFixed(1) : '0.0',
      suffix: '%',
      icon: <PercentageOutlined />,
    },
    {
      title: 'Avg. Score',
      value: stats ? String(Math.round(stats.avg_score * 10) / 10) : '0',
      icon: <StarOutlined />,
    },
  ];

  return <StatCards cards={cards} loading={loading && !stats} />;
}
