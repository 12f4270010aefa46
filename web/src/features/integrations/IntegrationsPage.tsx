import {
  connectionOwnerOnly,
  mayChangeConnection,
  type IntegrationConnection,
  type IntegrationPlatform,
  type PlatformType,
  type SyncJob,
} from '@sixa/contracts/browser';
import { DatabaseOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Space, Tabs, Typography } from 'antd';
import { lazy, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import { AccessButton } from '../../shared/access';
import { errorMessage } from '../../shared/apiError';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { showErrorAlert } from '../../shared/notifier';
import { OpenedOnce } from '../../shared/OpenedOnce';
import { PageHeader } from '../../shared/PageHeader';
import { useFeedback } from '../../theme/Feedback';
import { selectCurrentUser } from '../auth/authSlice';
import { AnalyticsTab } from './AnalyticsTab';
import { ConnectionsTable } from './ConnectionsTable';
import { CATEGORY_CHIPS, isJobRunning, TAB_LABELS, type IntegrationsTab } from './integrationLabels';
import {
  INTEGRATION_ERRORS,
  useDisconnectMutation,
  useGetAnalyticsQuery,
  useGetConnectionsQuery,
  useGetPlatformsQuery,
  useInitializeIntegrationSampleDataMutation,
  useStartSyncMutation,
} from './integrationsApi';
import type { HubLocationState } from './OAuthCallbackPage';
import { PlatformCard } from './PlatformCard';

const ConnectModal = lazy(() => import('./ConnectModal').then((m) => ({ default: m.ConnectModal })));
const ManualSyncModal = lazy(() => import('./ManualSyncModal').then((m) => ({ default: m.ManualSyncModal })));
const ConfigureConnectionModal = lazy(() =>
  import('./ConfigureConnectionModal').then((m) => ({ default: m.ConfigureConnectionModal })),
);
const SyncJobLogDrawer = lazy(() => import('./SyncJobLogDrawer').then((m) => ({ default: m.SyncJobLogDrawer })));

const COLUMNS = { xs: 24, md: 12, xl: 8 } as const;
const TABS = Object.keys(TAB_LABELS) as IntegrationsTab[];
/** While a job in the analytics runs, its figures are asked for this often. */
const ANALYTICS_POLL_MS = 2_000;

const NO_PLATFORMS: IntegrationPlatform[] = [];
const NO_CONNECTIONS: IntegrationConnection[] = [];

/** Each opening of a dialog is a new session: a fresh form, nothing left from the last one. */
interface DialogState<T> {
  open: boolean;
  target: T;
  session: number;
}
const closed = <T,>(target: T): DialogState<T> => ({ open: false, target, session: 0 });
const opened =
  <T,>(target: T) =>
  (current: DialogState<T>): DialogState<T> => ({ open: true, target, session: current.session + 1 });
const closing = <T,>(current: DialogState<T>): DialogState<T> => ({ ...current, open: false });

interface SyncDialog {
  job: SyncJob | null;
  connectionId?: string;
}

/**
 * Integrations Hub: platforms to connect (cards filtered by category), the user's connections
 * (sync, configure, disconnect, reconnect) and the sync analytics, with the Connect, Manual Sync
 * and Configure dialogs and a job's record log.
 */
export default function IntegrationsPage() {
  const { message, modal } = useFeedback();
  const location = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<IntegrationsTab>('platforms');
  const [category, setCategory] = useState<PlatformType | null>(null);

  const platformsQuery = useGetPlatformsQuery();
  const connectionsQuery = useGetConnectionsQuery();
  const [analyticsPolling, setAnalyticsPolling] = useState(false);
  const analyticsQuery = useGetAnalyticsQuery(undefined, {
    pollingInterval: analyticsPolling ? ANALYTICS_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const anyRunning = (analyticsQuery.data?.recent_syncs ?? []).some((job) => isJobRunning(job.status));
  useEffect(() => setAnalyticsPolling(anyRunning), [anyRunning]);

  const platforms = platformsQuery.data ?? NO_PLATFORMS;
  const connections = connectionsQuery.data ?? NO_CONNECTIONS;
  const me = useAppSelector(selectCurrentUser);
  /** Someone else's connection is read-only to a non-admin (the service answers 403 too). */
  const changeRefusal = useCallback(
    (connection: IntegrationConnection) =>
      me && mayChangeConnection(me, connection) ? null : connectionOwnerOnly(connection),
    [me],
  );
  const changeable = useMemo(() => connections.filter((c) => !changeRefusal(c)), [connections, changeRefusal]);
  const connectedByPlatform = useMemo(() => {
    const map = new Map<string, IntegrationConnection>();
    for (const connection of connections) {
      if (connection.status === 'connected' && !map.has(connection.platform_id))
        map.set(connection.platform_id, connection);
    }
    return map;
  }, [connections]);
  const connectedPlatformIds = useMemo(() => new Set(connectedByPlatform.keys()), [connectedByPlatform]);
  const shownPlatforms = category ? platforms.filter((platform) => platform.type === category) : platforms;

  const [initialize, initializeState] = useInitializeIntegrationSampleDataMutation();
  const [disconnect, disconnectState] = useDisconnectMutation();
  const [startSync, startSyncState] = useStartSyncMutation();
  const [connecting, setConnecting] = useState<DialogState<IntegrationPlatform | null>>(closed(null));
  const [syncing, setSyncing] = useState<DialogState<SyncDialog>>(closed({ job: null }));
  const [configuring, setConfiguring] = useState<DialogState<IntegrationConnection | null>>(closed(null));
  const [logOf, setLogOf] = useState<SyncJob | null>(null);

  // A same-window OAuth flow comes back here with its outcome.
  const outcome = (location.state as HubLocationState | null)?.oauthOutcome;
  useEffect(() => {
    if (!outcome) return;
    if (outcome.ok) {
      message.success(`Connected to ${outcome.platform_name}`);
      setTab('connections');
    } else {
      showErrorAlert(outcome.detail);
    }
    navigate(location.pathname, { replace: true, state: null });
  }, [outcome, message, navigate, location.pathname]);

  const initializeSamples = async () => {
    try {
      const result = await initialize().unwrap();
      message.success(
        result.created
          ? `Sample data initialized successfully! ${result.created} platform${result.created === 1 ? '' : 's'} added.`
          : 'Sample data initialized successfully!',
      );
    } catch {
      // shown by the API error listener
    }
  };

  const connect = useCallback(
    (platform: IntegrationPlatform) => setConnecting(opened<IntegrationPlatform | null>(platform)),
    [],
  );
  const closeConnect = useCallback(() => setConnecting(closing), []);

  const confirmDisconnect = useCallback(
    (connection: IntegrationConnection) =>
      modal.confirm({
        title: `Disconnect ${connection.connection_name}?`,
        content: `Access to ${connection.platform_name} is revoked and its credentials are deleted. Records already brought in stay.`,
        okText: 'Disconnect',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            await disconnect(connection.id).unwrap();
            message.success(`${connection.connection_name} disconnected`);
          } catch {
            // shown by the API error listener
          }
        },
      }),
    [disconnect, message, modal],
  );

  const syncNow = useCallback(
    async (connection: IntegrationConnection) => {
      try {
        const job = await startSync({ connection_id: connection.id, data_type: 'contacts' }).unwrap();
        setSyncing(opened<SyncDialog>({ job }));
      } catch (e) {
        showErrorAlert(errorMessage(e, INTEGRATION_ERRORS.sync));
      }
    },
    [startSync],
  );

  const reconnect = useCallback(
    (connection: IntegrationConnection) => {
      const platform = platforms.find((candidate) => candidate.id === connection.platform_id);
      if (platform) setConnecting(opened<IntegrationPlatform | null>(platform));
      else showErrorAlert(`${connection.platform_name} is no longer offered: it cannot be reconnected.`);
    },
    [platforms],
  );
  const configure = useCallback(
    (connection: IntegrationConnection) => setConfiguring(opened<IntegrationConnection | null>(connection)),
    [],
  );

  const busyId = disconnectState.isLoading
    ? disconnectState.originalArgs
    : startSyncState.isLoading
      ? startSyncState.originalArgs?.connection_id
      : undefined;

  let platformsContent: ReactNode;
  if (platformsQuery.isLoading)
    platformsContent = (
      <Row gutter={[16, 16]} aria-busy="true" aria-label="Loading platforms">
        {[0, 1, 2].map((i) => (
          <Col key={i} {...COLUMNS}>
            <Card size="small" loading />
          </Col>
        ))}
      </Row>
    );
  else if (!shownPlatforms.length)
    platformsContent = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          platformsQuery.error && !platformsQuery.data ? (
            'Platforms could not be loaded'
          ) : (
            <Flex vertical>
              <Typography.Text strong>No platforms found</Typography.Text>
              <Typography.Text type="secondary">Initialize sample data to see available platforms</Typography.Text>
            </Flex>
          )
        }
      />
    );
  else
    platformsContent = (
      <Row gutter={[16, 16]}>
        {shownPlatforms.map((platform) => {
          const connection = connectedByPlatform.get(platform.id);
          return (
            <Col key={platform.id} {...COLUMNS}>
              <PlatformCard
                platform={platform}
                connection={connection}
                disconnecting={Boolean(connection && busyId === connection.id)}
                disconnectRefusal={connection ? changeRefusal(connection) : null}
                onConnect={connect}
                onDisconnect={confirmDisconnect}
              />
            </Col>
          );
        })}
      </Row>
    );

  const contents: Record<IntegrationsTab, ReactNode> = {
    platforms: (
      <Flex vertical gap="middle">
        <Flex role="group" aria-label="Filter by category" gap="small" wrap>
          {CATEGORY_CHIPS.map((chip) => {
            const active = category === chip.type;
            return (
              <Button
                key={chip.type ?? 'all'}
                size="small"
                shape="round"
                type={active ? 'primary' : 'default'}
                aria-pressed={active}
                onClick={() => setCategory(chip.type)}
              >
                {chip.label}
              </Button>
            );
          })}
        </Flex>
        <LoadErrorAlert
          error={platformsQuery.error}
          fallback={INTEGRATION_ERRORS.platforms}
          onRetry={() => void platformsQuery.refetch()}
        />
        {platformsContent}
      </Flex>
    ),
    connections: (
      <Flex vertical gap="middle">
        <LoadErrorAlert
          error={connectionsQuery.error}
          fallback={INTEGRATION_ERRORS.connections}
          onRetry={() => void connectionsQuery.refetch()}
        />
        <ConnectionsTable
          connections={connections}
          loading={connectionsQuery.isLoading}
          failed={Boolean(connectionsQuery.error && !connectionsQuery.data)}
          busyId={busyId}
          connectedPlatformIds={connectedPlatformIds}
          onSync={(connection) => void syncNow(connection)}
          onConfigure={configure}
          onDisconnect={confirmDisconnect}
          onReconnect={reconnect}
          changeRefusal={changeRefusal}
        />
      </Flex>
    ),
    analytics: (
      <Flex vertical gap="middle">
        <LoadErrorAlert
          error={analyticsQuery.error}
          fallback={INTEGRATION_ERRORS.analytics}
          onRetry={() => void analyticsQuery.refetch()}
        />
        <AnalyticsTab
          analytics={analyticsQuery.data}
          loading={analyticsQuery.isLoading}
          platformCount={platforms.length}
          onShowLog={setLogOf}
        />
      </Flex>
    ),
  };
  const counts: Partial<Record<IntegrationsTab, number>> = {
    platforms: platformsQuery.data?.length,
    connections: connectionsQuery.data?.length,
  };

  return (
    <>
      <PageHeader
        title="Integrations Hub"
        subtitle="Connect business platforms, sync their data and follow how it goes"
        extra={
          <Space wrap>
            <AccessButton
              route="POST /integrations/initialize-sample-data"
              icon={<DatabaseOutlined />}
              loading={initializeState.isLoading}
              onClick={() => void initializeSamples()}
            >
              Initialize Sample Data
            </AccessButton>
            <AccessButton
              route="POST /integrations/sync-jobs"
              type="primary"
              icon={<SyncOutlined />}
              onClick={() => setSyncing(opened<SyncDialog>({ job: null }))}
            >
              Manual Sync
            </AccessButton>
          </Space>
        }
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as IntegrationsTab)}
          items={TABS.map((key) => ({
            key,
            label: counts[key] === undefined ? TAB_LABELS[key] : `${TAB_LABELS[key]} (${counts[key]})`,
            children: contents[key],
          }))}
        />
      </Card>
      <OpenedOnce open={connecting.open}>
        {connecting.target ? (
          <ConnectModal
            key={connecting.session}
            open={connecting.open}
            platform={connecting.target}
            onClose={closeConnect}
          />
        ) : null}
      </OpenedOnce>
      <OpenedOnce open={syncing.open}>
        <ManualSyncModal
          key={syncing.session}
          open={syncing.open}
          connections={changeable}
          job={syncing.target.job}
          connectionId={syncing.target.connectionId}
          onClose={() => setSyncing(closing)}
          onShowLog={setLogOf}
        />
      </OpenedOnce>
      <OpenedOnce open={configuring.open}>
        {configuring.target ? (
          <ConfigureConnectionModal
            key={configuring.session}
            open={configuring.open}
            connection={configuring.target}
            onClose={() => setConfiguring(closing)}
          />
        ) : null}
      </OpenedOnce>
      <OpenedOnce open={logOf !== null}>
        <SyncJobLogDrawer job={logOf} onClose={() => setLogOf(null)} />
      </OpenedOnce>
    </>
  );
}
