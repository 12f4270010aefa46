import type { User } from '@sixa/contracts/browser';
import { CheckCircleOutlined, CrownOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic } from 'antd';
import { useMemo } from 'react';

/** Counts over all users (not the filtered view). */
export function UserStats({ users, loading }: { users: readonly User[]; loading: boolean }) {
  const stats = useMemo(
    () => [
      { title: 'Total Users', value: users.length, icon: <TeamOutlined /> },
      { title: 'Active Users', value: users.filter((u) => u.is_active).length, icon: <CheckCircleOutlined /> },
      { title: 'Admins', value: users.filter((u) => u.role === 'admin').length, icon: <CrownOutlined /> },
      { title: 'Employees', value: users.filter((u) => u.role === 'employee').length, icon: <UserOutlined /> },
    ],
    [users],
  );

  return (
    <Row gutter={[16, 16]}>
      {stats.map((stat) => (
        <Col key={stat.title} xs={12} lg={6}>
          <Card>
            <Statistic title={stat.title} value={stat.value} prefix={stat.icon} loading={loading} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
