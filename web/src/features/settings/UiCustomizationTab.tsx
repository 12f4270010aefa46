import { MENU_LABELS, ROLES, hasAccess, screenLevel, type MenuKey, type Role } from '@sixa/contracts/browser';
import { ArrowDownOutlined, ArrowUpOutlined, LockOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Flex, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { errorMessage } from '../../shared/apiError';
import { Panel } from '../../shared/Panel';
import { useFeedback } from '../../theme/Feedback';
import { selectCurrentUser } from '../auth/authSlice';
import { BorderedRows } from './BorderedRows';
import { ROLE_LABELS } from './settingsLabels';
import {
  menuItems,
  moveItem,
  orderedWidgets,
  WIDGET_LABELS,
  type MenuItemSetting,
  type WidgetSetting,
} from './uiConfig';
import {
  UI_CONFIG_ERRORS,
  useGetDashboardWidgetsQuery,
  useGetMenuConfigQuery,
  useUpdateDashboardWidgetsMutation,
  useUpdateMenuConfigMutation,
} from './uiConfigApi';

const NAV_LABELS: Record<string, string> = MENU_LABELS;

/**
 * Why a screen cannot be turned on for `role`: its level (the server's table) is above the role's, so
 * the server refuses the role whatever the menu says. Null: the admin chooses.
 */
export function lockedReason(role: Role, key: MenuKey): string | null {
  if (hasAccess(role, screenLevel(key))) return null;
  return `Admin only: the ${ROLE_LABELS[role]} role cannot open ${MENU_LABELS[key]}`;
}

/** The role's entries as the editor shows them: those beyond its level off (and locked). */
const forRole = (role: Role, items: MenuItemSetting[]) =>
  items.map((item) => (lockedReason(role, item.key) ? { ...item, visible: false } : item));

/** The signed-in admin's dashboard: which widgets show, in which order. */
function DashboardWidgetsEditor() {
  const user = useAppSelector(selectCurrentUser);
  const userId = user?.id ?? '';
  const { data, isLoading, error } = useGetDashboardWidgetsQuery(userId, { skip: !userId });
  const [save, state] = useUpdateDashboardWidgetsMutation();
  const { message } = useFeedback();
  const [widgets, setWidgets] = useState<WidgetSetting[]>(() => orderedWidgets(undefined));
  useEffect(() => setWidgets(orderedWidgets(data)), [data]);

  const submit = async () => {
    try {
      await save({ userId, widgets }).unwrap();
      message.success('Dashboard widgets saved');
    } catch {
      // shown by the API error listener
    }
  };

  if (isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
  return (
    <Flex vertical gap="middle">
      {error ? (
        <Alert
          type="warning"
          showIcon
          title={`${errorMessage(error, UI_CONFIG_ERRORS.widgets)} The default layout is shown.`}
        />
      ) : null}
      <BorderedRows
        label="Dashboard widgets"
        rows={widgets.map((widget, index) => ({
          key: widget.key,
          content: (
            <>
              <Flex gap="small" align="center">
                <Switch
                  size="small"
                  checked={widget.visible}
                  aria-label={`Show ${WIDGET_LABELS[widget.key]}`}
                  onChange={(visible) =>
                    setWidgets((current) => current.map((w) => (w.key === widget.key ? { ...w, visible } : w)))
                  }
                />
                <Typography.Text type={widget.visible ? undefined : 'secondary'}>
                  {WIDGET_LABELS[widget.key]}
                </Typography.Text>
              </Flex>
              <Flex gap={4}>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`Move ${WIDGET_LABELS[widget.key]} up`}
                  disabled={index === 0}
                  onClick={() => setWidgets((current) => moveItem(current, index, -1))}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Move ${WIDGET_LABELS[widget.key]} down`}
                  disabled={index === widgets.length - 1}
                  onClick={() => setWidgets((current) => moveItem(current, index, 1))}
                />
              </Flex>
            </>
          ),
        }))}
      />
      <Button
        type="primary"
        loading={state.isLoading}
        onClick={() => void submit()}
        style={{ alignSelf: 'flex-start' }}
      >
        Save Widgets
      </Button>
    </Flex>
  );
}

/** A role's sidebar: which entries it shows (access itself stays the server's). */
function MenuConfigEditor() {
  const [role, setRole] = useState<Role>('admin');
  const { data, isLoading, isFetching, error } = useGetMenuConfigQuery(role);
  const [save, state] = useUpdateMenuConfigMutation();
  const { message } = useFeedback();
  const [items, setItems] = useState<MenuItemSetting[]>(() => forRole(role, menuItems(undefined)));
  const lockId = useId();
  useEffect(() => setItems(forRole(role, menuItems(data))), [data, role]);

  const submit = async () => {
    try {
      await save({ role, items }).unwrap();
      message.success(`Menu saved for ${ROLE_LABELS[role]}`);
    } catch {
      // shown by the API error listener
    }
  };

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" align="center">
        <Typography.Text id="menu-role-label">Role</Typography.Text>
        <Select<Role>
          aria-labelledby="menu-role-label"
          value={role}
          onChange={setRole}
          options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          style={{ width: 180 }}
        />
      </Flex>
      {error ? (
        <Alert type="warning" showIcon title={`${errorMessage(error, UI_CONFIG_ERRORS.menu)} Every entry is shown.`} />
      ) : null}
      {isLoading || isFetching ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <BorderedRows
          label={`Sidebar of ${ROLE_LABELS[role]}`}
          rows={items.map((item) => {
            const label = NAV_LABELS[item.key] ?? item.key;
            const locked = lockedReason(role, item.key);
            return {
              key: item.key,
              content: (
                <Flex gap="small" align="center" wrap>
                  <Switch
                    size="small"
                    checked={item.visible}
                    disabled={Boolean(locked)}
                    aria-label={`Show ${label}`}
                    aria-describedby={locked ? `${lockId}-${item.key}` : undefined}
                    onChange={(visible) =>
                      setItems((current) => current.map((i) => (i.key === item.key ? { ...i, visible } : i)))
                    }
                  />
                  <Typography.Text type={item.visible ? undefined : 'secondary'}>{label}</Typography.Text>
                  {locked ? (
                    <Typography.Text type="secondary" id={`${lockId}-${item.key}`} style={{ fontSize: 12 }}>
                      <LockOutlined aria-hidden /> {locked}
                    </Typography.Text>
                  ) : null}
                </Flex>
              ),
            };
          })}
        />
      )}
      <Typography.Text type="secondary">
        A screen turned off for a role leaves its sidebar and does not open by its address either. Locked screens are
        above the role&apos;s access level: the server refuses the role there whatever the menu says.
      </Typography.Text>
      <Button
        type="primary"
        loading={state.isLoading}
        disabled={isFetching}
        onClick={() => void submit()}
        style={{ alignSelf: 'flex-start' }}
      >
        Save Menu
      </Button>
    </Flex>
  );
}

/** UI Customization: dashboard widgets (for you) and the sidebar per role. */
export function UiCustomizationTab() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Panel title="Dashboard Widgets (your dashboard)">
          <DashboardWidgetsEditor />
        </Panel>
      </Col>
      <Col xs={24} xl={12}>
        <Panel title="Menu Configuration">
          <MenuConfigEditor />
        </Panel>
      </Col>
    </Row>
  );
}
