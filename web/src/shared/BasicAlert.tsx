import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import type { ReactNode } from 'react';
import { BasicIcon } from './BasicIcon';

const ICONS = { error: CloseCircleFilled, info: InfoCircleFilled, warning: ExclamationCircleFilled };

interface BasicAlertProps {
  type: keyof typeof ICONS;
  children: ReactNode;
  /** 'alert' (read out at once) for problems; 'status' for news that can wait. */
  role?: 'alert' | 'status';
}

/** An antd-like alert box for the screens without antd (see theme/basic.css). */
export function BasicAlert({ type, children, role = type === 'info' ? 'status' : 'alert' }: BasicAlertProps) {
  return (
    <div className={`sx-alert sx-alert-${type}`} role={role}>
      <BasicIcon icon={ICONS[type]} />
      <span>{children}</span>
    </div>
  );
}
