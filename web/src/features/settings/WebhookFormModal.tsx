import { WEBHOOK_BOUNDS, type CreatedWebhook, type Webhook } from '@sixa/contracts/browser';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useAppSelector } from '../../shared/hooks';
import { FormModal } from '../../shared/FormModal';
import { useFeedback } from '../../theme/Feedback';
import { selectCurrentUser } from '../auth/authSlice';
import { SETTINGS_ERRORS, useCreateWebhookMutation, useUpdateWebhookMutation } from './settingsApi';
import {
  buildWebhookBody,
  NEW_WEBHOOK,
  parseHeaders,
  toFormValues,
  webhookChanges,
  type WebhookFormValues,
} from './webhookPayloads';

interface WebhookFormModalProps {
  open: boolean;
  /** null: Add Webhook. */
  webhook: Webhook | null;
  onClose: () => void;
  /** A new webhook with its secret, shown once. */
  onCreated: (webhook: CreatedWebhook) => void;
}

/**
 * Add Webhook / Edit Webhook (spec: name and url required, events comma-separated; 3 retries, 30 s
 * delay, 30 s time-out by default). A refused address (a private one) says why inside the form.
 */
export function WebhookFormModal({ open, webhook, onClose, onCreated }: WebhookFormModalProps) {
  const [create] = useCreateWebhookMutation();
  const [update] = useUpdateWebhookMutation();
  const user = useAppSelector(selectCurrentUser);
  const { message } = useFeedback();

  const submit = async (values: WebhookFormValues, { etag }: { etag: string | undefined }) => {
    if (webhook) {
      await update({ id: webhook.id, body: webhookChanges(webhook, values), etag }).unwrap();
      message.success(`Webhook "${values.name.trim()}" saved`);
    } else {
      onCreated(await create(buildWebhookBody(values, user?.id ?? 'current_user')).unwrap());
    }
  };

  return (
    <FormModal<WebhookFormValues>
      open={open}
      recordKey={webhook?.id}
      etag={webhook?.etag}
      title={webhook ? 'Edit Webhook' : 'Add Webhook'}
      okText={webhook ? 'Save Webhook' : 'Create Webhook'}
      name="webhook"
      width={640}
      initialValues={webhook ? toFormValues(webhook) : NEW_WEBHOOK}
      canSubmit={(values) => Boolean(values.name?.trim() && values.url?.trim())}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={SETTINGS_ERRORS.saveWebhook}
      preserve={false}
    >
      <Form.Item
        label="Name"
        name="name"
        rules={[{ required: true, whitespace: true, message: 'Please enter a name' }]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item
        label="URL"
        name="url"
        rules={[{ required: true, whitespace: true, message: 'Please enter the receiver URL' }]}
        extra="Deliveries are signed (Standard Webhooks). Private and loopback addresses are refused."
      >
        <Input maxLength={2000} placeholder="https://example.com/hooks/sixa" />
      </Form.Item>
      <Form.Item
        label="Events"
        name="events"
        extra="Comma-separated event types (lead.created, quote.accepted), or * for every event."
      >
        <Input placeholder="lead.created, quote.accepted" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item label="Retry Attempts" name="retry_attempts">
            <InputNumber {...WEBHOOK_BOUNDS.retry_attempts} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="Retry Delay (s)" name="retry_delay_seconds">
            <InputNumber {...WEBHOOK_BOUNDS.retry_delay_seconds} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="Timeout (s)" name="timeout_seconds">
            <InputNumber {...WEBHOOK_BOUNDS.timeout_seconds} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="Headers"
        name="headers"
        extra="One a line: Name: value"
        rules={[
          {
            validator: (_rule, value: string | undefined) => {
              const { problem } = parseHeaders(value);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.TextArea rows={3} placeholder="X-Team: sales" />
      </Form.Item>
    </FormModal>
  );
}
