import type { TaskStats as TaskStatsData } from '@sixa/contracts/browser';
import { CheckCircleOutlined, PercentageOutlined, SyncOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { StatCards } from '../../shared/StatCards';

interface TaskStatsProps {
  stats: TaskStatsData | undefined;
  loading: boolean;
}

/** Counts over every task (GET /tasks/stats), whatever the tab or search. */
export function TaskStats({ stats, loading }: TaskStatsProps) {
  const cards = [
    { title: 'Total', value: stats?.total ?? 0, icon: <UnorderedListOutlined /> },
    { title: 'In Progress', value: stats?.in_progress ?? 0, icon: <SyncOutlined /> },
    { title: 'Completed', value: stats?.completed ?? 0, icon: <CheckCircleOutlined /> },
    // Completed over assigned (every task not cancelled), rounded by the server (spec s.9).
    { title: 'Completion Rate', value: stats?.completion_rate ?? 0, suffix: '%', icon: <PercentageOutlined /> },
  ];

  return <StatCards cards={cards} loading={loading && !stats} />;
}
