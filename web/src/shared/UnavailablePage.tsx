import { ClockCircleOutlined } from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';
import { PageHeader } from './PageHeader';
import { Panel } from './Panel';

export const UNAVAILABLE_TEXT = 'This area is not available yet.';

/** A screen whose service is not online yet: its title and an honest note, nothing that pretends. */
export function UnavailablePage({ title }: { title: string }) {
  const { token } = theme.useToken();
  return (
    <>
      <PageHeader title={title} />
      <Panel>
        <Flex vertical align="center" gap="small" style={{ padding: `${token.paddingXL}px 0`, textAlign: 'center' }}>
          <ClockCircleOutlined style={{ fontSize: 72, color: token.colorPrimary }} aria-hidden />
          <Typography.Title level={3} style={{ margin: `${token.marginSM}px 0 0` }}>
            {UNAVAILABLE_TEXT}
          </Typography.Title>
          <Typography.Text type="secondary">It will appear here as soon as its service is online.</Typography.Text>
        </Flex>
      </Panel>
    </>
  );
}
