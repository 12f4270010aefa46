import type { TeamStats as TeamStatsData } from '@sixa/contracts/browser';
import { ApartmentOutlined, CheckSquareOutlined, TeamOutlined, WifiOutlined } from '@ant-design/icons';
import { StatCards } from '../../shared/StatCards';

interface TeamStatsProps {
  stats: TeamStatsData | undefined;
  loading: boolean;
}

/** GET /team/stats: over the whole team, whatever the department tab. */
export function TeamStats({ stats, loading }: TeamStatsProps) {
  const cards = [
    { title: 'Total Members', value: stats?.total_members ?? 0, icon: <TeamOutlined /> },
    { title: 'Online Now', value: stats?.online_now ?? 0, icon: <WifiOutlined /> },
    { title: 'Departments', value: stats?.departments ?? 0, icon: <ApartmentOutlined /> },
    // Tasks pending or in progress assigned to members.
    { title: 'Active Tasks', value: stats?.active_tasks ?? 0, icon: <CheckSquareOutlined /> },
  ];

  return <StatCards cards={cards} loading={loading && !stats} />;
}
