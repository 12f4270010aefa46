import { RATE_LIMIT_BOUNDS, type RateLimit } from '@sixa/contracts/browser';
import { AutoComplete, Col, Form, InputNumber, Row } from 'antd';
import { FormModal } from '../../shared/FormModal';
import { useFeedback } from '../../theme/Feedback';
import { SETTINGS_ERRORS, usePutRateLimitMutation } from './settingsApi';

/** Resources the gateway limits: an /api path's first segment. */
export const RATE_LIMIT_RESOURCES = [
  'leads',
  'quotes',
  'documents',
  'integrations',
  'tasks',
  'workflows',
  'team',
  'users',
  'calendar',
  'chat',
  'settings',
];

interface Values {
  resource: string;
  limit_per_hour: number;
  limit_per_day: number;
}

interface RateLimitModalProps {
  open: boolean;
  /** null: a new limit. */
  limit: RateLimit | null;
  onClose: () => void;
}

/** Sets a resource's limits per user (the gateway applies them within seconds). */
export function RateLimitModal({ open, limit, onClose }: RateLimitModalProps) {
  const [save] = usePutRateLimitMutation();
  const { message } = useFeedback();

  const submit = async (values: Values, { etag }: { etag: string | undefined }) => {
    const resource = values.resource.trim();
    await save({
      resource,
      body: { limit_per_hour: values.limit_per_hour, limit_per_day: values.limit_per_day },
      etag,
    }).unwrap();
    message.success(`Rate limit for ${resource} saved`);
  };

  return (
    <FormModal<Values>
      open={open}
      recordKey={limit?.resource}
      etag={limit?.etag}
      title={limit ? `Edit Rate Limit: ${limit.resource}` : 'Add Rate Limit'}
      okText="Save Limit"
      name="rate-limit"
      initialValues={limit ?? { limit_per_hour: 1000, limit_per_day: 10000 }}
      canSubmit={(values) => Boolean(values.resource?.trim())}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={SETTINGS_ERRORS.saveRateLimit}
      preserve={false}
    >
      <Form.Item
        label="Resource"
        name="resource"
        rules={[{ required: true, whitespace: true, message: 'Please choose a resource' }]}
        extra="The first part of an API path: leads for /api/leads/..."
      >
        <AutoComplete
          disabled={limit !== null}
          options={RATE_LIMIT_RESOURCES.map((value) => ({ value }))}
          filterOption={(typed, option) => String(option?.value ?? '').startsWith(typed.trim())}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="Per Hour" name="limit_per_hour" rules={[{ required: true, message: 'Required' }]}>
            <InputNumber {...RATE_LIMIT_BOUNDS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Per Day" name="limit_per_day" rules={[{ required: true, message: 'Required' }]}>
            <InputNumber {...RATE_LIMIT_BOUNDS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
