import {
  DEFAULT_SECURITY_RULES,
  PASSWORD_POLICY_EXPIRY_DAYS,
  PASSWORD_POLICY_MIN_LENGTH,
  type SecurityRules,
} from '@sixa/contracts/browser';
import { CloudServerOutlined, SafetyOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Form,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { FormError } from '../../shared/FormError';

import { formatDateTime } from '../../shared/formatDate';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { Panel } from '../../shared/Panel';
import { useFeedback } from '../../theme/Feedback';
import {
  SETTINGS_ERRORS,
  useGetBackupStatusQuery,
  useGetSecurityPolicyQuery,
  useUpdateSecurityPolicyMutation,
} from './settingsApi';
import { changedBy } from './settingsLabels';

/** Spec: backup retention 1 to 365 days (display only: no call is wired to it). */
export const BACKUP_RETENTION = { min: 1, max: 365 } as const;

const LENGTH = PASSWORD_POLICY_MIN_LENGTH;
const EXPIRY = PASSWORD_POLICY_EXPIRY_DAYS;

/** The password policy: auth enforces it on every password set within seconds of a save. */
function PasswordPolicyForm() {
  const { data: policy, isLoading, error, refetch } = useGetSecurityPolicyQuery();
  const [save, state] = useUpdateSecurityPolicyMutation();
  const [form] = Form.useForm<SecurityRules>();
  const { message } = useFeedback();

  useEffect(() => {
    if (policy) form.setFieldsValue(policy.rules);
  }, [policy, form]);

  const submit = async (rules: SecurityRules) => {
    try {
      await save({ rules, rev: policy?.rev }).unwrap();
      message.success('Password policy saved: it applies to every new password');
    } catch {
      // shown in the form (a bound, or a change made meanwhile by someone else)
    }
  };

  if (isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
  return (
    <>
      <LoadErrorAlert error={error} fallback={SETTINGS_ERRORS.security} onRetry={() => void refetch()} />
      <Form<SecurityRules>
        form={form}
        name="password-policy"
        layout="vertical"
        requiredMark={false}
        initialValues={policy?.rules ?? DEFAULT_SECURITY_RULES}
        onFinish={(rules) => void submit(rules)}
        onValuesChange={() => state.error && state.reset()}
      >
        <FormError error={state.error} fallback={SETTINGS_ERRORS.saveSecurity} />
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Minimum Password Length"
              name="password_min_length"
              extra={`${LENGTH.min} to ${LENGTH.max} characters`}
              rules={[
                { required: true, message: 'Enter a length' },
                {
                  type: 'number',
                  min: LENGTH.min,
                  max: LENGTH.max,
                  message: `Between ${LENGTH.min} and ${LENGTH.max} characters`,
                },
              ]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Password Expiry (days)"
              name="password_expiry_days"
              extra={`${EXPIRY.min} to ${EXPIRY.max} days; 0: passwords never expire`}
              rules={[
                { required: true, message: 'Enter a number of days' },
                {
                  type: 'number',
                  min: EXPIRY.min,
                  max: EXPIRY.max,
                  message: `Between ${EXPIRY.min} and ${EXPIRY.max} days`,
                },
              ]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label="Require Uppercase" name="password_require_uppercase" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label="Require Numbers" name="password_require_numbers" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label="Require Symbols" name="password_require_symbols" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary">
          {policy?.updated_at
            ? `Last changed ${formatDateTime(policy.updated_at)}${changedBy(policy)}.`
            : 'The default policy holds: at least 8 characters.'}{' '}
          Existing passwords stay valid until they are changed or expire.
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={state.isLoading}>
          Save Password Policy
        </Button>
      </Form>
    </>
  );
}

/** Backup: display values (spec), and the truth: the product takes no backups of its own. */
function BackupControls() {
  const { data: backup, isLoading, error, refetch } = useGetBackupStatusQuery();
  const { message } = useFeedback();

  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <>
      <LoadErrorAlert error={error} fallback={SETTINGS_ERRORS.backup} onRetry={() => void refetch()} />
      {backup ? (
        <Alert
          type="warning"
          showIcon
          title="Backups: not configured"
          description={backup.detail}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Status">
          <Tag color="warning">{backup?.status === 'not_configured' ? 'Not configured' : (backup?.status ?? '—')}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Last backup">
          {formatDateTime(backup?.last_backup_at, 'None taken')}
        </Descriptions.Item>
      </Descriptions>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Backup Frequency" layout="vertical">
            <Select
              aria-label="Backup Frequency"
              value={backup?.frequency ?? 'daily'}
              disabled
              options={[{ value: 'daily', label: 'Daily' }]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Retention (days)"
            layout="vertical"
            extra={`${BACKUP_RETENTION.min} to ${BACKUP_RETENTION.max} days (display only)`}
          >
            <InputNumber
              aria-label="Retention (days)"
              value={backup?.retention_days ?? 30}
              min={BACKUP_RETENTION.min}
              max={BACKUP_RETENTION.max}
              disabled
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Button
        onClick={() =>
          message.info(backup?.detail ?? 'Backups are not configured: back up the databases with your own tooling.')
        }
      >
        Back Up Now
      </Button>
    </>
  );
}

/** Security & Backup: the password policy (bounds 4-32 and 0-365) and the display-only backup controls. */
export function SecurityBackupTab() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Panel
          title={
            <span>
              <SafetyOutlined aria-hidden /> Password Policy
            </span>
          }
        >
          <PasswordPolicyForm />
        </Panel>
      </Col>
      <Col xs={24} xl={10}>
        <Panel
          title={
            <span>
              <CloudServerOutlined aria-hidden /> Backup
            </span>
          }
        >
          <BackupControls />
        </Panel>
      </Col>
    </Row>
  );
}
