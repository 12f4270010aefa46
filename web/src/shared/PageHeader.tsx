import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  extra?: ReactNode;
}

export function PageHeader({ title, subtitle, extra }: PageHeaderProps) {
  usePageTitle(title);
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="flex-start" wrap gap="middle" style={{ marginBottom: token.marginLG }}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
      </div>
      {extra}
    </Flex>
  );
}
