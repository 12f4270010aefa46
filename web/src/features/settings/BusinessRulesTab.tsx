import type { BusinessRule } from '@sixa/contracts/browser';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { useFormDialog } from '../../shared/useFormDialog';
import { RowActions } from '../../shared/RowActions';
import { useFeedback } from '../../theme/Feedback';
import { BusinessRuleExecutionsDrawer } from './BusinessRuleExecutionsDrawer';
import { BusinessRuleFormModal } from './BusinessRuleFormModal';
import { BusinessRuleTestModal } from './BusinessRuleTestModal';
import { ACTION_LABELS, describeConditions } from './rulePayloads';
import {
  SETTINGS_ERRORS,
  useActivateBusinessRuleMutation,
  useDeleteBusinessRuleMutation,
  useGetBusinessRulesQuery,
} from './settingsApi';

const NO_RULES: BusinessRule[] = [];

/** Business Rules: when an event meets the conditions, the actions run (once per event). */
export function BusinessRulesTab() {
  const { data: rules = NO_RULES, isLoading, error, refetch } = useGetBusinessRulesQuery();
  const [activate, activateState] = useActivateBusinessRuleMutation();
  const [deleteRule] = useDeleteBusinessRuleMutation();
  const { modal, message } = useFeedback();
  const form = useFormDialog<BusinessRule | null>(null);
  const [testing, setTesting] = useState<BusinessRule | null>(null);
  const [logOf, setLogOf] = useState<BusinessRule | null>(null);

  const openForm = form.show;
  const confirmDelete = useCallback(
    (rule: BusinessRule) =>
      modal.confirm({
        title: `Delete the rule "${rule.name}"?`,
        content: 'It stops running on new events.',
        okText: 'Delete',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await deleteRule(rule.id).unwrap();
            message.success(`Rule "${rule.name}" deleted`);
          } catch {
            // shown by the API error listener
          }
        },
      }),
    [deleteRule, modal, message],
  );
  const togglingId = activateState.isLoading ? activateState.originalArgs?.id : undefined;

  const columns = useMemo<TableColumnsType<BusinessRule>>(
    () => [
      {
        title: 'Rule',
        key: 'name',
        render: (_, rule) => (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong>{rule.name}</Typography.Text>
            {rule.description ? <Typography.Text type="secondary">{rule.description}</Typography.Text> : null}
          </Flex>
        ),
      },
      {
        title: 'When',
        key: 'when',
        render: (_, rule) => (
          <Flex vertical gap={2}>
            <span>
              <Tag>{rule.module}</Tag>
              <Typography.Text code>{rule.trigger_event}</Typography.Text>
            </span>
            <Typography.Text type="secondary">{describeConditions(rule)}</Typography.Text>
          </Flex>
        ),
      },
      {
        title: 'Then',
        key: 'then',
        render: (_, rule) => rule.actions.map((action) => ACTION_LABELS[action.type] ?? action.type).join(', ') || '—',
      },
      {
        title: 'Status',
        key: 'status',
        width: 150,
        render: (_, rule) => (
          <Flex gap="small" align="center">
            <Switch
              size="small"
              checked={rule.is_active}
              loading={togglingId === rule.id}
              aria-label={`${rule.name} active`}
              onChange={(checked) => void activate({ id: rule.id, is_active: checked })}
            />
            <Tag color={rule.is_active ? 'success' : 'default'}>{rule.is_active ? 'Active' : 'Inactive'}</Tag>
          </Flex>
        ),
      },
      { title: 'Runs', dataIndex: 'execution_count', key: 'execution_count', width: 70 },
      {
        title: 'Actions',
        key: 'actions',
        width: 270,
        render: (_, rule) => (
          <RowActions
            compact={false}
            subject={rule.name}
            actions={[
              { key: 'test', label: 'Test', onClick: () => setTesting(rule) },
              { key: 'log', label: 'Log', onClick: () => setLogOf(rule) },
              { key: 'edit', label: 'Edit', onClick: () => openForm(rule) },
              { key: 'delete', label: 'Delete', danger: true, onClick: () => confirmDelete(rule) },
            ]}
          />
        ),
      },
    ],
    [togglingId, activate, openForm, confirmDelete],
  );

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary">
          Each rule runs on the events it names, when their data meet its conditions.
        </Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          New Rule
        </Button>
      </Flex>
      <LoadErrorAlert error={error} fallback={SETTINGS_ERRORS.rules} onRetry={() => void refetch()} />
      <Table<BusinessRule>
        rowKey="id"
        columns={columns}
        dataSource={rules}
        loading={isLoading}
        locale={{ emptyText: error ? 'Business rules could not be loaded' : 'No business rules yet' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 1100 }}
      />
      <BusinessRuleFormModal open={form.open} rule={form.target} onClose={form.close} />
      {testing ? <BusinessRuleTestModal key={testing.id} rule={testing} onClose={() => setTesting(null)} /> : null}
      <BusinessRuleExecutionsDrawer rule={logOf} onClose={() => setLogOf(null)} />
    </Flex>
  );
}
