import type { User } from '@sixa/contracts/browser';
import { CheckCircleOutlined, CrownOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { StatCards } from '../../shared/StatCards';

/** Counts over all users (not the filtered view). */
export function UserStats({ users, loading }: { users: readonly User[]; loading: boolean }) {
  const cards = useMemo(
    () => [
      { title: 'Total Users', value: users.length, icon: <TeamOutlined /> },
      { title: 'Active Users', value: users.filter((u) => u.is_active).length, icon: <CheckCircleOutlined /> },
      { title: 'Admins', value: users.filter((u) => u.role === 'admin').length, icon: <CrownOutlined /> },
      { title: 'Employees', value: users.filter((u) => u.role === 'employee').length, icon: <UserOutlined /> },
    ],
    [users],
  );
  return <StatCards cards={cards} loading={loading} />;
}
