import type { RouteKey } from '@sixa/contracts/browser';
import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import { useId, type ReactNode } from 'react';
import { routeRefusal, useRole } from './access';
import { visuallyHidden } from './visuallyHidden';

export interface RowAction {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  /** The row's main action (antd's primary button; the menu lists it like the others). */
  primary?: boolean;
  disabled?: boolean;
  /** Why it is disabled (or what it does), shown on hover. */
  tooltip?: string;
  loading?: boolean;
  onClick?: () => void;
  /** A link instead of a click (e.g. mailto:). */
  href?: string;
  /** The call it makes: disabled, saying why, for a role the server would refuse (the viewer's writes). */
  route?: RouteKey;
}

/** The column's width (px) with the one menu button, so that tables can give the rest to their text. */
export const ROW_ACTIONS_COMPACT_WIDTH = 64;

/** The actions column's title: too long for the compact column, so there it is only read out. */
export function rowActionsTitle(compact: boolean) {
  return compact ? <span style={visuallyHidden}>Actions</span> : 'Actions';
}

interface RowActionsProps {
  actions: RowAction[];
  /** What the actions are about, for the menu button's name ('Actions for Ada Lovelace'). */
  subject: string;
  /** Phones: one menu button instead of a row of buttons. */
  compact: boolean;
}

/** A table row's actions: small buttons side by side, or on narrow screens one menu holding them. */
export function RowActions({ actions: given, subject, compact }: RowActionsProps) {
  const role = useRole();
  const idPrefix = useId();
  const actions = given.map((action) => {
    const refused = action.route ? routeRefusal(role, action.route) : null;
    return refused ? { ...action, disabled: true, loading: false, tooltip: refused } : action;
  });
  if (compact) {
    const items: MenuProps['items'] = actions.map((action) => ({
      key: action.key,
      icon: action.icon,
      danger: action.danger,
      disabled: action.disabled || action.loading,
      title: action.tooltip,
      label: action.href ? <a href={action.href}>{action.label}</a> : action.label,
      onClick: action.href ? undefined : action.onClick,
    }));
    return (
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        <Button size="small" icon={<MoreOutlined />} aria-label={`Actions for ${subject}`} />
      </Dropdown>
    );
  }
  return (
    <Space size="small">
      {actions.map((action) => (
        <span key={action.key} style={{ display: 'inline-flex' }}>
          <Tooltip title={action.tooltip}>
            <Button
              size="small"
              type={action.primary ? 'primary' : 'default'}
              icon={action.icon}
              danger={action.danger}
              disabled={action.disabled}
              loading={action.loading}
              href={action.href}
              onClick={action.onClick}
              aria-describedby={action.tooltip ? `${idPrefix}-${action.key}` : undefined}
            >
              {action.label}
            </Button>
          </Tooltip>
          {/* The tooltip's words for screen readers, and for a disabled button, which takes no hover or focus. */}
          {action.tooltip ? (
            <span id={`${idPrefix}-${action.key}`} style={visuallyHidden}>
              {action.tooltip}
            </span>
          ) : null}
        </span>
      ))}
    </Space>
  );
}
