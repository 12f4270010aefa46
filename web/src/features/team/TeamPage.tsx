import { DEPARTMENTS, type Department, type TeamMember } from '@sixa/contracts/browser';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Grid, Row, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { useFormDialog } from '../../shared/useFormDialog';
import { MemberCard } from './MemberCard';
import { MemberFormModal } from './MemberFormModal';
import { TEAM_ERRORS, useGetTeamQuery, useGetTeamStatsQuery } from './teamApi';
import { TeamStats } from './TeamStats';
import { useMemberActions } from './useMemberActions';

type Tab = 'all' | Department;

/** Presence and task figures change without anyone here acting: read again this often while open. */
const REFRESH_MS = 30_000;

const NO_MEMBERS: TeamMember[] = [];
const COLUMNS = { xs: 24, sm: 12, xl: 8, xxl: 6 } as const;

/** Team Management (admin only; the route guard refuses everyone else). */
export default function TeamPage() {
  const phone = Grid.useBreakpoint().md === false;
  const live = { pollingInterval: REFRESH_MS, refetchOnMountOrArgChange: true, skipPollingIfUnfocused: true };
  const { data: members = NO_MEMBERS, isLoading, error, refetch } = useGetTeamQuery(undefined, live);
  const { data: stats, isLoading: statsLoading } = useGetTeamStatsQuery(undefined, live);
  const { confirmRemove } = useMemberActions();
  const [tab, setTab] = useState<Tab>('all');
  const form = useFormDialog<TeamMember | null>(null);

  const shown = useMemo(
    () => (tab === 'all' ? members : members.filter((member) => member.department === tab)),
    [members, tab],
  );
  const tabItems = useMemo(
    () => [
      { key: 'all', label: `All (${members.length})` },
      ...DEPARTMENTS.map((department) => ({
        key: department,
        label: `${department} (${members.filter((member) => member.department === department).length})`,
      })),
    ],
    [members],
  );

  let content;
  if (isLoading) {
    content = (
      <Row gutter={[16, 16]} aria-busy="true" aria-label="Loading the team">
        {[0, 1, 2].map((i) => (
          <Col key={i} {...COLUMNS}>
            <Card size="small" loading />
          </Col>
        ))}
      </Row>
    );
  } else if (shown.length === 0) {
    content = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          error ? 'The team could not be loaded' : tab === 'all' ? 'No team members yet' : `No members in ${tab}`
        }
      />
    );
  } else {
    content = (
      <Row gutter={[16, 16]}>
        {shown.map((member) => (
          <Col key={member.id} {...COLUMNS}>
            <MemberCard member={member} onEdit={form.show} onRemove={confirmRemove} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <>
      <PageHeader
        title="Team Management"
        subtitle="Who is on the team, who is online, and how their tasks are going"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => form.show(null)}>
            Add Member
          </Button>
        }
      />
      <Flex vertical gap="large">
        <TeamStats stats={stats} loading={statsLoading} />
        <LoadErrorAlert error={error} fallback={TEAM_ERRORS.load} onRetry={() => void refetch()} />
        <Card size={phone ? 'small' : undefined}>
          <Flex vertical gap="middle">
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as Tab)}
              items={tabItems}
              tabBarStyle={{ marginBottom: 0 }}
            />
            {content}
          </Flex>
        </Card>
      </Flex>
      <MemberFormModal open={form.open} member={form.target} onClose={form.close} />
    </>
  );
}
