import type { WorkflowStats as WorkflowStatsData } from '@sixa/contracts/browser';
import { ApartmentOutlined, PercentageOutlined, PlayCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { StatCards } from '../../shared/StatCards';

interface WorkflowStatsProps {
  stats: WorkflowStatsData | undefined;
  loading: boolean;
}

/** The spec's four stat cards (GET /workflows/stats). */
export function WorkflowStats({ stats, loading }: WorkflowStatsProps) {
  const cards = [
    { title: 'Total Workflows', value: stats?.total_workflows ?? 0, icon: <ApartmentOutlined /> },
    { title: 'Active', value: stats?.active ?? 0, icon: <PlayCircleOutlined /> },
    { title: 'Total Executions', value: stats?.total_executions ?? 0, icon: <ThunderboltOutlined /> },
    { title: 'Avg Success Rate', value: stats?.avg_success_rate ?? 0, suffix: '%', icon: <PercentageOutlined /> },
  ];

  return <StatCards cards={cards} loading={loading && !stats} />;
}
