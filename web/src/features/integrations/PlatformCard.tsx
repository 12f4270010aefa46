import type { IntegrationConnection, IntegrationPlatform } from '@sixa/contracts/browser';
import { ApiOutlined, CheckCircleFilled, DisconnectOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { useId } from 'react';
import { AccessButton } from '../../shared/access';
import { visuallyHidden } from '../../shared/visuallyHidden';
import { AUTH_TYPE_LABEL, FEATURES_SHOWN, firstRateLimit, PLATFORM_TYPE_LABEL } from './integrationLabels';

interface PlatformCardProps {
  platform: IntegrationPlatform;
  /** Its connected connection, if any: then the card offers Disconnect rather than Connect. */
  connection: IntegrationConnection | undefined;
  disconnecting: boolean;
  /** Why the signed-in user may not disconnect `connection` (someone else's); null: they may. */
  disconnectRefusal: string | null;
  onConnect: (platform: IntegrationPlatform) => void;
  onDisconnect: (connection: IntegrationConnection) => void;
}

/** A platform: name, type, description, features, auth type, first rate limit, and its actions. */
export function PlatformCard({
  platform,
  connection,
  disconnecting,
  disconnectRefusal,
  onConnect,
  onDisconnect,
}: PlatformCardProps) {
  const { token } = theme.useToken();
  const titleId = useId();
  const refusalId = useId();
  const shown = platform.supported_features.slice(0, FEATURES_SHOWN);
  const rest = platform.supported_features.slice(FEATURES_SHOWN);
  const rateLimit = firstRateLimit(platform);

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      size="small"
      style={{ height: '100%' }}
      styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', gap: token.marginSM } }}
    >
      <Flex justify="space-between" align="flex-start" gap="small">
        <div style={{ minWidth: 0 }}>
          <Typography.Title id={titleId} level={5} style={{ margin: 0, overflowWrap: 'anywhere' }}>
            {platform.name}
          </Typography.Title>
          <Typography.Text type="secondary">{PLATFORM_TYPE_LABEL[platform.type] ?? platform.type}</Typography.Text>
        </div>
        {connection ? (
          <Tag color="success" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 0, flexShrink: 0 }}>
            Connected
          </Tag>
        ) : null}
      </Flex>
      {platform.description ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {platform.description}
        </Typography.Paragraph>
      ) : null}
      {platform.supported_features.length ? (
        <Flex gap={token.marginXXS} wrap aria-label="Features">
          {shown.map((feature) => (
            <Tag key={feature} style={{ marginInlineEnd: 0 }}>
              {feature}
            </Tag>
          ))}
          {rest.length ? (
            <Tooltip title={rest.join(', ')}>
              <Tag style={{ marginInlineEnd: 0 }} tabIndex={0}>
                +{rest.length} more
                <span style={visuallyHidden}>: {rest.join(', ')}</span>
              </Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ) : null}
      <Flex vertical gap={token.marginXXS}>
        <Typography.Text type="secondary">
          Auth: <Typography.Text>{AUTH_TYPE_LABEL[platform.auth_type] ?? platform.auth_type}</Typography.Text>
        </Typography.Text>
        {rateLimit ? (
          <Typography.Text type="secondary">
            Rate limit: <Typography.Text>{rateLimit}</Typography.Text>
          </Typography.Text>
        ) : null}
      </Flex>
      <Flex gap="small" wrap style={{ marginTop: 'auto' }}>
        {connection && disconnectRefusal ? (
          <>
            <Tooltip title={disconnectRefusal}>
              <Button
                size="small"
                danger
                icon={<DisconnectOutlined />}
                disabled
                aria-label={`Disconnect ${platform.name}`}
                aria-describedby={refusalId}
              >
                Disconnect
              </Button>
            </Tooltip>
            <span id={refusalId} style={visuallyHidden}>
              {disconnectRefusal}
            </span>
          </>
        ) : connection ? (
          <AccessButton
            route="DELETE /integrations/connections/:id"
            size="small"
            danger
            icon={<DisconnectOutlined />}
            loading={disconnecting}
            aria-label={`Disconnect ${platform.name}`}
            onClick={() => onDisconnect(connection)}
          >
            Disconnect
          </AccessButton>
        ) : (
          <>
            <AccessButton
              route={
                platform.auth_type === 'api_key'
                  ? 'POST /integrations/api-key-connection'
                  : 'POST /integrations/oauth/initiate'
              }
              type="primary"
              size="small"
              icon={<ApiOutlined />}
              aria-label={`Connect ${platform.name}`}
              onClick={() => onConnect(platform)}
            >
              Connect
            </AccessButton>
            {platform.website_url ? (
              <Button
                size="small"
                icon={<ExportOutlined />}
                href={platform.website_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Learn More about ${platform.name}`}
              >
                Learn More
              </Button>
            ) : null}
          </>
        )}
      </Flex>
    </Card>
  );
}
