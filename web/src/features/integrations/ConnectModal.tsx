import { SYNC_FREQUENCY, type IntegrationPlatform } from '@sixa/contracts/browser';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { errorMessage } from '../../shared/apiError';
import { FormError } from '../../shared/FormError';
import { useFeedback } from '../../theme/Feedback';
import { selectCurrentUser } from '../auth/authSlice';
import {
  INTEGRATION_ERRORS,
  integrationsApi,
  useConnectWithApiKeyMutation,
  useInitiateOAuthMutation,
} from './integrationsApi';
import { callbackUri, forgetPending, listenForResults, openAuthorizationWindow, savePending } from './oauthFlow';

interface Values {
  connection_name: string;
  sync_frequency: number;
  api_key?: string;
}

interface ConnectModalProps {
  open: boolean;
  platform: IntegrationPlatform;
  onClose: () => void;
}

/** Waiting on the provider's consent page, in a popup, for this state. */
interface Waiting {
  state: string;
  popup: Window | null;
}

/**
 * 'Connect to {platform}': a name and a sync frequency, plus the API key (masked, required) for an
 * api_key platform. An OAuth 2.0 platform's consent page opens in a popup (or this window when
 * popups are blocked) and the dialog waits for the callback page's word.
 */
export function ConnectModal({ open, platform, onClose }: ConnectModalProps) {
  const [form] = Form.useForm<Values>();
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const { message } = useFeedback();
  const [initiate, initiateState] = useInitiateOAuthMutation();
  const [connectWithKey, keyState] = useConnectWithApiKeyMutation();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [flowError, setFlowError] = useState<string | null>(null);
  const waitingRef = useRef<Waiting | null>(null);
  waitingRef.current = waiting;
  const isOAuth = platform.auth_type === 'oauth2';

  useEffect(
    () =>
      listenForResults((result) => {
        const current = waitingRef.current;
        if (!current || result.state !== current.state) return;
        setWaiting(null);
        // The popup completed the connection with its own copy of the app: this one reloads its lists.
        dispatch(integrationsApi.util.invalidateTags([{ type: 'IntegrationConnection', id: 'LIST' }]));
        if (result.ok) {
          message.success(`Connected to ${platform.name}`);
          onClose();
        } else {
          setFlowError(result.detail);
        }
      }),
    [dispatch, message, onClose, platform.name],
  );

  const cancelWaiting = useCallback(() => {
    const current = waitingRef.current;
    if (!current) return;
    forgetPending(current.state);
    try {
      current.popup?.close();
    } catch {
      // already gone
    }
    setWaiting(null);
  }, []);

  const close = () => {
    cancelWaiting();
    onClose();
  };

  const submit = async (values: Values) => {
    if (!user) return;
    setFlowError(null);
    const connection_name = values.connection_name.trim();
    if (!isOAuth) {
      try {
        await connectWithKey({
          platform_id: platform.id,
          connection_name,
          api_key: (values.api_key ?? '').trim(),
          user_id: user.id,
          sync_frequency: values.sync_frequency,
          additional_config: {},
        }).unwrap();
        message.success(`Connected to ${platform.name}`);
        onClose();
      } catch {
        // shown in the form
      }
      return;
    }
    // Opened now, inside the click: a window opened after the call returns would count as a popup ad.
    const popup = openAuthorizationWindow();
    try {
      const started = await initiate({
        platform_id: platform.id,
        connection_name,
        redirect_uri: callbackUri(),
        user_id: user.id,
        sync_frequency: values.sync_frequency,
      }).unwrap();
      savePending(started.state, {
        platform_id: platform.id,
        platform_name: platform.name,
        mode: popup ? 'popup' : 'redirect',
      });
      if (!popup) {
        window.location.assign(started.authorization_url);
        return;
      }
      popup.location.href = started.authorization_url;
      popup.focus();
      setWaiting({ state: started.state, popup });
    } catch (e) {
      popup?.close();
      setFlowError(errorMessage(e, INTEGRATION_ERRORS.connect));
    }
  };

  const busy = initiateState.isLoading || keyState.isLoading;

  return (
    <Modal
      open={open}
      title={`Connect to ${platform.name}`}
      onCancel={close}
      destroyOnHidden
      footer={
        waiting
          ? [
              <Button key="cancel" onClick={cancelWaiting}>
                Cancel
              </Button>,
            ]
          : [
              <Button key="close" onClick={close}>
                Cancel
              </Button>,
              <Button key="submit" type="primary" htmlType="submit" loading={busy} form="integration-connect">
                {isOAuth ? `Continue to ${platform.name}` : 'Connect'}
              </Button>,
            ]
      }
    >
      {waiting ? (
        <Flex vertical align="center" gap="middle" style={{ padding: '24px 0' }} role="status">
          <Spin />
          <Typography.Text>Waiting for you to approve in the {platform.name} window…</Typography.Text>
          <Typography.Text type="secondary">
            Lost the window? <Typography.Link onClick={() => waiting.popup?.focus()}>Show it again</Typography.Link>, or
            cancel and start over.
          </Typography.Text>
        </Flex>
      ) : (
        <Form
          form={form}
          id="integration-connect"
          name="integration-connect"
          layout="vertical"
          requiredMark={false}
          initialValues={{ connection_name: `${platform.name} Connection`, sync_frequency: SYNC_FREQUENCY.default }}
          onFinish={(values) => void submit(values)}
        >
          {flowError ? <Alert type="error" showIcon title={flowError} style={{ marginBottom: 16 }} /> : null}
          <FormError error={keyState.error} fallback={INTEGRATION_ERRORS.connect} />
          <Form.Item
            label="Connection Name"
            name="connection_name"
            rules={[
              { required: true, whitespace: true, message: 'Please enter a connection name' },
              { max: 100, message: 'At most 100 characters' },
            ]}
          >
            <Input autoFocus />
          </Form.Item>
          <Form.Item
            label="Sync Frequency (minutes)"
            name="sync_frequency"
            extra={`How often it syncs on its own: ${SYNC_FREQUENCY.min} to ${SYNC_FREQUENCY.max} minutes.`}
            rules={[
              { required: true, message: 'Please enter a sync frequency' },
              {
                type: 'number',
                min: SYNC_FREQUENCY.min,
                max: SYNC_FREQUENCY.max,
                message: `Between ${SYNC_FREQUENCY.min} and ${SYNC_FREQUENCY.max} minutes`,
              },
            ]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          {isOAuth ? (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {platform.name} opens in a new window to ask for your approval. Nothing is shared until you approve.
            </Typography.Paragraph>
          ) : (
            <Form.Item
              label="API Key"
              name="api_key"
              extra={`Checked with ${platform.name} before it is saved; stored encrypted and never shown again.`}
              rules={[{ required: true, whitespace: true, message: 'Please enter the API key' }]}
            >
              <Input.Password autoComplete="off" />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
