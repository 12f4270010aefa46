import type { BusinessRule, BusinessRuleExecution } from '@sixa/contracts/browser';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatDateTime } from '../../shared/formatDate';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { ACTION_LABELS } from './rulePayloads';
import { SETTINGS_ERRORS, useGetBusinessRuleExecutionsQuery } from './settingsApi';

const OUTCOME_COLOR = { done: 'success', failed: 'error', would_run: 'processing' } as const;

const COLUMNS: TableColumnsType<BusinessRuleExecution> = [
  { title: 'Time', dataIndex: 'created_at', key: 'created_at', width: 170, render: (at: string) => formatDateTime(at) },
  {
    title: 'Event',
    dataIndex: 'event_type',
    key: 'event_type',
    render: (t: string) => <Typography.Text code>{t}</Typography.Text>,
  },
  {
    title: 'Matched',
    dataIndex: 'matched',
    key: 'matched',
    width: 90,
    render: (matched: boolean) => <Tag color={matched ? 'success' : 'default'}>{matched ? 'Yes' : 'No'}</Tag>,
  },
  {
    title: 'Actions',
    key: 'actions',
    render: (_, execution) =>
      execution.actions.length ? (
        <Flex vertical gap={2}>
          {execution.actions.map((action, index) => (
            <span key={index}>
              <Tag color={OUTCOME_COLOR[action.outcome]}>{action.outcome.replace('_', ' ')}</Tag>
              {ACTION_LABELS[action.type] ?? action.type}
              {action.detail ? <Typography.Text type="secondary">: {action.detail}</Typography.Text> : null}
            </span>
          ))}
        </Flex>
      ) : (
        <Typography.Text type="secondary">None</Typography.Text>
      ),
  },
];

/** A rule's execution log: each event it was evaluated on, and what its actions did. */
export function BusinessRuleExecutionsDrawer({ rule, onClose }: { rule: BusinessRule | null; onClose: () => void }) {
  const { data, isLoading, isFetching, error, refetch } = useGetBusinessRuleExecutionsQuery(rule?.id ?? '', {
    skip: !rule,
    refetchOnMountOrArgChange: true,
  });
  return (
    <Drawer
      open={rule !== null}
      onClose={onClose}
      title={rule ? `Execution log: ${rule.name}` : 'Execution log'}
      size="min(900px, 100vw)"
      extra={
        <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
          Refresh
        </Button>
      }
    >
      <Flex vertical gap="middle">
        {rule ? <Typography.Text type="secondary">Run {rule.execution_count} time(s) in all.</Typography.Text> : null}
        <LoadErrorAlert error={error} fallback={SETTINGS_ERRORS.executions} onRetry={() => void refetch()} />
        <Table<BusinessRuleExecution>
          rowKey="id"
          size="small"
          columns={COLUMNS}
          dataSource={data ?? []}
          loading={isLoading}
          locale={{ emptyText: error ? 'The execution log could not be loaded' : 'Not run yet' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 700 }}
        />
      </Flex>
    </Drawer>
  );
}
