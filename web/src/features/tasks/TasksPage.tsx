import type { Task, TaskStatus } from '@sixa/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Grid, Input, Tabs, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { selectCurrentUser } from '../auth/authSlice';
import { TaskGrid } from './TaskGrid';
import { STATUS_LABELS } from './taskLabels';
import { TASK_ERRORS, useGetTasksInfiniteQuery, useGetTaskStatsQuery } from './tasksApi';
import { TaskStats } from './TaskStats';
import { useTaskActions } from './useTaskActions';

/** The spec's filter tabs; 'all' shows every status (cancelled ones too). */
const TABS = ['all', 'pending', 'in_progress', 'completed'] as const;
type Tab = (typeof TABS)[number];

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

const NO_TASKS: Task[] = [];

/**
 * The form (with its date picker) is a chunk of its own: the cards show without waiting for it,
 * and it is fetched right after, before anyone opens it.
 */
const TaskFormModal = lazy(() => import('./TaskFormModal').then((m) => ({ default: m.TaskFormModal })));

/** Task Management: stat cards, filter tabs with the server's counts, and the task cards. */
export default function TasksPage() {
  const me = useAppSelector(selectCurrentUser);
  const phone = Grid.useBreakpoint().md === false;
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [form, setForm] = useState<'create' | Task | null>(null);
  const closeForm = useCallback(() => setForm(null), []);
  const actions = useTaskActions();

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const args = useMemo(
    () => ({ status: tab === 'all' ? undefined : (tab as TaskStatus), q: q || undefined }),
    [tab, q],
  );
  const { data, isLoading, isFetchingNextPage, hasNextPage, fetchNextPage, error, refetch } =
    useGetTasksInfiniteQuery(args);
  const { data: stats, isLoading: statsLoading } = useGetTaskStatsQuery();

  const tasks = useMemo(() => data?.pages.flatMap((page) => page.items) ?? NO_TASKS, [data]);
  const total = data?.pages.at(-1)?.total ?? 0;

  const canManage = useCallback(
    (task: Task) => Boolean(me && (me.role === 'admin' || task.created_by === me.id)),
    [me],
  );

  const count = (key: Tab) => (key === 'all' ? stats?.total : stats?.[key]);
  const tabItems = TABS.map((key) => {
    const n = count(key);
    const label = key === 'all' ? 'All' : STATUS_LABELS[key];
    return { key, label: n === undefined ? label : `${label} (${n})` };
  });

  const searchBox = (
    <Input.Search
      aria-label="Search tasks"
      placeholder="Search tasks"
      allowClear
      value={search}
      onChange={(event) => setSearch(event.target.value)}
      onSearch={(value) => setQ(value.trim())}
      style={{ width: phone ? '100%' : 260 }}
    />
  );

  return (
    <>
      <PageHeader
        title="Task Management"
        subtitle="Plan, assign and track the team's work"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm('create')}>
            Create Task
          </Button>
        }
      />
      <Flex vertical gap="large">
        <TaskStats stats={stats} loading={statsLoading} />
        <LoadErrorAlert error={error} fallback={TASK_ERRORS.load} onRetry={() => void refetch()} />
        <Card size={phone ? 'small' : undefined}>
          <Flex vertical gap="middle">
            {phone ? searchBox : null}
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as Tab)}
              items={tabItems}
              tabBarExtraContent={phone ? undefined : searchBox}
              tabBarStyle={{ marginBottom: 0 }}
            />
            <TaskGrid
              tasks={tasks}
              loading={isLoading}
              emptyText={error && !data ? 'Tasks could not be loaded' : 'No tasks found'}
              canManage={canManage}
              movingId={actions.movingId}
              onMove={(task, to) => void actions.move(task, to)}
              onEdit={setForm}
              onDelete={actions.confirmDelete}
            />
            {tasks.length > 0 && (hasNextPage || total > tasks.length) ? (
              <Flex vertical align="center" gap="small">
                <Typography.Text type="secondary">
                  Showing {tasks.length} of {total} tasks
                </Typography.Text>
                {hasNextPage ? (
                  <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                    Load more
                  </Button>
                ) : null}
              </Flex>
            ) : null}
          </Flex>
        </Card>
      </Flex>
      <Suspense fallback={null}>
        <TaskFormModal target={form} onClose={closeForm} />
      </Suspense>
    </>
  );
}
