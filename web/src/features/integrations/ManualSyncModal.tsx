import { SYNC_DATA_TYPES, type IntegrationConnection, type SyncDataType, type SyncJob } from '@sixa/contracts/browser';
import { Button, Empty, Flex, Form, Modal, Radio, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { FormError } from '../../shared/FormError';
import { DATA_TYPE_LABEL, SYNCABLE_DATA_TYPES } from './integrationLabels';
import { INTEGRATION_ERRORS, useStartSyncMutation } from './integrationsApi';
import { SyncJobProgress } from './SyncJobProgress';

interface ManualSyncModalProps {
  open: boolean;
  connections: IntegrationConnection[];
  /** A job already started (Sync Now): the dialog shows its progress. */
  job: SyncJob | null;
  /** The connection chosen beforehand, if any. */
  connectionId?: string;
  onClose: () => void;
  onShowLog: (job: SyncJob) => void;
}

const notYet = (type: SyncDataType) => `Syncing ${type} is not available yet`;

/**
 * 'Manual Sync': a connected connection the user may sync (only those are offered: their own, or any
 * for an admin; Start Sync stays disabled until one is chosen) and what to bring in; then the job's
 * progress until it ends.
 */
export function ManualSyncModal({
  open,
  connections,
  job: given,
  connectionId,
  onClose,
  onShowLog,
}: ManualSyncModalProps) {
  const connected = connections.filter((connection) => connection.status === 'connected');
  const [chosen, setChosen] = useState<string | undefined>(
    connectionId && connected.some((c) => c.id === connectionId) ? connectionId : undefined,
  );
  const [dataType, setDataType] = useState<SyncDataType>('contacts');
  const [job, setJob] = useState<SyncJob | null>(given);
  const [start, state] = useStartSyncMutation();

  const submit = async () => {
    if (!chosen) return;
    try {
      setJob(await start({ connection_id: chosen, data_type: dataType }).unwrap());
    } catch {
      // shown in the form
    }
  };

  return (
    <Modal
      open={open}
      title={job ? 'Sync Progress' : 'Manual Sync'}
      onCancel={onClose}
      destroyOnHidden
      footer={
        job
          ? [
              <Button key="close" type="primary" onClick={onClose}>
                Close
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                Cancel
              </Button>,
              <Button
                key="start"
                type="primary"
                disabled={!chosen}
                loading={state.isLoading}
                onClick={() => void submit()}
              >
                Start Sync
              </Button>,
            ]
      }
    >
      {job ? (
        <SyncJobProgress job={job} onShowLog={onShowLog} />
      ) : (
        <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
          <FormError error={state.error} fallback={INTEGRATION_ERRORS.sync} />
          {connected.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="No connection you may sync: connect a platform in Available Platforms first (a connection is synced by whoever made it, or an admin)."
            />
          ) : null}
          <Form.Item label="Connection" htmlFor="manual-sync-connection">
            <Select
              id="manual-sync-connection"
              placeholder="Choose a connection"
              value={chosen}
              onChange={setChosen}
              disabled={connected.length === 0}
              options={connected.map((connection) => ({
                value: connection.id,
                label: `${connection.connection_name} (${connection.platform_name})`,
              }))}
            />
          </Form.Item>
          <Form.Item label="Data Type">
            <Radio.Group
              value={dataType}
              onChange={(event) => setDataType(event.target.value as SyncDataType)}
              aria-label="Data Type"
            >
              <Flex vertical gap="small">
                {SYNC_DATA_TYPES.map((type) => {
                  const available = SYNCABLE_DATA_TYPES.includes(type);
                  const radio = (
                    <Radio key={type} value={type} disabled={!available}>
                      {DATA_TYPE_LABEL[type]}
                      {available ? null : ` — ${notYet(type)}`}
                    </Radio>
                  );
                  return available ? (
                    radio
                  ) : (
                    <Tooltip key={type} title={notYet(type)}>
                      {radio}
                    </Tooltip>
                  );
                })}
              </Flex>
            </Radio.Group>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
