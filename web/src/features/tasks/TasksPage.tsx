import type { Task, TaskStatus } from '@sixa/contracts/browser';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Grid, Input, Tabs, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { AccessButton } from '../../shared/access';
import { FilterChip } from '../../shared/FilterChip';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { useFormDialog } from '../../shared/useFormDialog';
import { useLinkQuery, useOnLinkValue } from '../../shared/useLinkQuery';
import { selectCurrentUser } from '../auth/authSlice';
import { taskCardId } from './TaskCard';
import { TaskGrid } from './TaskGrid';
import { isOverdue, STATUS_LABELS } from './taskLabels';
import { TASK_ERRORS, useGetTaskQuery, useGetTasksInfiniteQuery, useGetTaskStatsQuery } from './tasksApi';
import { TaskStats } from './TaskStats';
import { useTaskActions } from './useTaskActions';

/** The spec's filter tabs; 'all' shows every status (cancelled ones too). */
const TABS = ['all', 'pending', 'in_progress', 'completed'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

/** A dashboard or assistant link: `?status=` picks a tab, `?overdue=true` filters, `?focus=<id>` shows a task. */
const LINK_KEYS = ['status', 'overdue', 'focus'] as const;

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

const NO_TASKS: Task[] = [];

/**
 * The form (with its date picker) is a chunk of its own: the cards show without waiting for it,
 * and it is fetched right after, before anyone opens it.
 */
const TaskFormModal = lazy(() => import('./TaskFormModal').then((m) => ({ default: m.TaskFormModal })));

/**
 * Task Management: stat cards, filter tabs with the server's counts, and the task cards. A link
 * can open a tab (`?status=`), the open tasks past their due date (`?overdue=true`, removable) or
 * one task (`?focus=<id>`: outlined, scrolled to, and its edit form opened for whoever may edit it).
 */
export default function TasksPage() {
  const me = useAppSelector(selectCurrentUser);
  const phone = Grid.useBreakpoint().md === false;
  const link = useLinkQuery(LINK_KEYS);
  const { clear } = link;
  const [tab, setShownTab] = useState<Tab>(() => (isTab(link.values.status) ? link.values.status : 'all'));
  /** When the overdue filter was applied: tasks due before then (null: no filter). */
  const [overdueBefore, setOverdueBefore] = useState<string | null>(() =>
    link.values.overdue === 'true' ? new Date().toISOString() : null,
  );
  const focusId = link.values.focus;
  useOnLinkValue(link.values.status, (value) => {
    if (isTab(value)) setShownTab(value);
  });
  useOnLinkValue(link.values.overdue, (value) => {
    if (value === 'true') setOverdueBefore(new Date().toISOString());
  });
  const setTab = (key: Tab) => {
    setShownTab(key);
    clear('status');
  };
  const removeOverdue = () => {
    setOverdueBefore(null);
    clear('overdue');
  };
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const form = useFormDialog<Task | null>(null);
  const showForm = form.show;
  const actions = useTaskActions();

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const args = useMemo(
    () => ({
      status: tab === 'all' ? undefined : (tab as TaskStatus),
      q: q || undefined,
      due_before: overdueBefore ?? undefined,
    }),
    [tab, q, overdueBefore],
  );
  const { data, isLoading, isFetchingNextPage, hasNextPage, fetchNextPage, error, refetch } =
    useGetTasksInfiniteQuery(args);
  const { data: stats, isLoading: statsLoading } = useGetTaskStatsQuery();

  const listed = useMemo(() => {
    const items = data?.pages.flatMap((page) => page.items) ?? NO_TASKS;
    // The server filters by due date only: overdue also means still open (not completed or cancelled).
    return overdueBefore ? items.filter((task) => isOverdue(task, Date.parse(overdueBefore))) : items;
  }, [data, overdueBefore]);
  const total = overdueBefore ? listed.length : (data?.pages.at(-1)?.total ?? 0);

  // A linked task not in the list (another page, another tab) is read on its own and shown first.
  const focusListed = focusId ? listed.some((task) => task.id === focusId) : false;
  const { data: focusTask } = useGetTaskQuery(focusId ?? '', { skip: !focusId || isLoading || focusListed });
  const tasks = useMemo(
    () => (focusTask && focusTask.id === focusId && !focusListed ? [focusTask, ...listed] : listed),
    [focusTask, focusId, focusListed, listed],
  );

  const canManage = useCallback(
    (task: Task) => Boolean(me && (me.role === 'admin' || task.created_by === me.id)),
    [me],
  );

  // Once per linked task, when its card is shown: scroll to it, and open its edit form if allowed.
  const shownFocus = useRef<string | null>(null);
  const focused = focusId ? tasks.find((task) => task.id === focusId) : undefined;
  useEffect(() => {
    if (!focused || shownFocus.current === focused.id) return;
    shownFocus.current = focused.id;
    document.getElementById(taskCardId(focused.id))?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    if (canManage(focused)) showForm(focused);
  }, [focused, canManage, showForm]);

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
          <AccessButton route="POST /tasks" type="primary" icon={<PlusOutlined />} onClick={() => form.show(null)}>
            Create Task
          </AccessButton>
        }
      />
      <Flex vertical gap="large">
        <TaskStats stats={stats} loading={statsLoading} />
        <LoadErrorAlert error={error} fallback={TASK_ERRORS.load} onRetry={() => void refetch()} />
        <Card size={phone ? 'small' : undefined}>
          <Flex vertical gap="middle">
            {phone ? searchBox : null}
            {overdueBefore ? (
              <Flex>
                <FilterChip label="Overdue" onRemove={removeOverdue} />
              </Flex>
            ) : null}
            {/* The search beside the tabs, not inside their tab list (a tablist holds tabs only). */}
            <Flex align="center" gap="middle">
              <Tabs
                activeKey={tab}
                onChange={(key) => setTab(key as Tab)}
                items={tabItems}
                tabBarStyle={{ marginBottom: 0 }}
                style={{ flex: 1, minWidth: 0 }}
              />
              {phone ? null : searchBox}
            </Flex>
            <TaskGrid
              tasks={tasks}
              loading={isLoading}
              emptyText={
                error && !data ? 'Tasks could not be loaded' : overdueBefore ? 'No overdue tasks' : 'No tasks found'
              }
              focusId={focusId}
              canManage={canManage}
              movingId={actions.movingId}
              onMove={(task, to) => void actions.move(task, to)}
              onEdit={form.show}
              onDelete={actions.confirmDelete}
            />
            {tasks.length > 0 && (hasNextPage || total > tasks.length) ? (
              <Flex vertical align="center" gap="small">
                {overdueBefore ? null : (
                  <Typography.Text type="secondary">
                    Showing {tasks.length} of {total} tasks
                  </Typography.Text>
                )}
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
        <TaskFormModal open={form.open} task={form.target} onClose={form.close} />
      </Suspense>
    </>
  );
}
