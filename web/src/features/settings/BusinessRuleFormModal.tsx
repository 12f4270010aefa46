import {
  ALERT_SEVERITIES,
  BUSINESS_RULE_ACTIONS,
  EVENT_TOPICS,
  LEAD_STATUSES,
  TASK_PRIORITIES,
  type BusinessRule,
  type BusinessRuleActionType,
} from '@sixa/contracts/browser';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Card, Col, Flex, Form, Input, Radio, Row, Select, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { FormModal } from '../../shared/FormModal';
import { useFeedback } from '../../theme/Feedback';
import {
  ACTION_LABELS,
  buildRuleBody,
  conditionRules,
  moduleOf,
  NEW_RULE,
  RULE_MODULES,
  RULE_OPERATORS,
  ruleFormValues,
  type RuleFormValues,
} from './rulePayloads';
import {
  SETTINGS_ERRORS,
  useCreateBusinessRuleMutation,
  useGetWebhooksQuery,
  useUpdateBusinessRuleMutation,
} from './settingsApi';

const EVENT_OPTIONS = Object.keys(EVENT_TOPICS)
  .filter((type) => !type.startsWith('settings.'))
  .map((value) => ({ value }));
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The params of one action, by its type (contracts: BusinessRuleAction). Text may use {{field}}. */
function ActionParams({ name, type }: { name: number; type: BusinessRuleActionType }) {
  const { data: webhooks } = useGetWebhooksQuery(undefined, { skip: type !== 'call_webhook' });
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  switch (type) {
    case 'create_task':
      return (
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label="Task title" name={[name, 'params', 'title']} rules={required('Enter a title')}>
              <Input placeholder="Call {{name}} from {{company}}" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Priority" name={[name, 'params', 'priority']}>
              <Select options={options(TASK_PRIORITIES)} allowClear />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Assigned to" name={[name, 'params', 'assigned_to']}>
              <Input placeholder="a user id (optional)" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="Task description" name={[name, 'params', 'description']}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
      );
    case 'set_lead_status':
      return (
        <Form.Item label="New status" name={[name, 'params', 'status']} rules={required('Choose a status')}>
          <Select options={options(LEAD_STATUSES)} />
        </Form.Item>
      );
    case 'raise_alert':
      return (
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item label="Severity" name={[name, 'params', 'severity']} rules={required('Choose a severity')}>
              <Select options={options(ALERT_SEVERITIES)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item label="Alert message" name={[name, 'params', 'message']} rules={required('Enter a message')}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
      );
    case 'call_webhook':
      return (
        <Form.Item label="Webhook" name={[name, 'params', 'webhook_id']} rules={required('Choose a webhook')}>
          <Select
            options={(webhooks ?? []).map((hook) => ({ value: hook.id, label: hook.name }))}
            notFoundContent="No webhooks configured"
          />
        </Form.Item>
      );
    case 'send_email':
      return (
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label="To" name={[name, 'params', 'to']} rules={required('Enter an address')}>
              <Input placeholder="sales@company.com or {{email}}" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Subject" name={[name, 'params', 'subject']} rules={required('Enter a subject')}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="Body" name={[name, 'params', 'body']} rules={required('Enter the text')}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
      );
    default:
      return null;
  }
}

function ConditionRows() {
  return (
    <Form.List name="conditions">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4}>
          {fields.map(({ key, name }) => (
            <Flex key={key} gap="small" align="start" wrap>
              <Form.Item
                name={[name, 'fact']}
                rules={conditionRules(name).fact}
                style={{ flex: '1 1 160px', marginBottom: 8 }}
              >
                <Input aria-label={`Condition ${name + 1} field`} placeholder="field (source, lead.score)" />
              </Form.Item>
              <Form.Item
                name={[name, 'operator']}
                rules={conditionRules(name).operator}
                style={{ flex: '0 0 170px', marginBottom: 8 }}
              >
                <Select aria-label={`Condition ${name + 1} operator`} options={[...RULE_OPERATORS]} />
              </Form.Item>
              <Form.Item
                name={[name, 'value']}
                rules={conditionRules(name).value}
                style={{ flex: '1 1 160px', marginBottom: 8 }}
              >
                <Input aria-label={`Condition ${name + 1} value`} placeholder="value (a, b for lists)" />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                aria-label={`Remove condition ${name + 1}`}
                onClick={() => remove(name)}
              />
            </Flex>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ fact: '', operator: 'equal', value: '' })}
            style={{ alignSelf: 'flex-start' }}
          >
            Add Condition
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/** The params of the action at `name`, following its type as it is picked. */
function ActionParamsOf({ form, name }: { form: FormInstance<RuleFormValues>; name: number }) {
  const type = Form.useWatch(['actions', name, 'type'], form) as BusinessRuleActionType | undefined;
  return type ? <ActionParams name={name} type={type} /> : null;
}

function ActionRows({ form }: { form: FormInstance<RuleFormValues> }) {
  return (
    <Form.List
      name="actions"
      rules={[
        {
          validator: (_rule, actions: unknown[] | undefined) =>
            actions?.length ? Promise.resolve() : Promise.reject(new Error('Add at least one action')),
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap="small">
          {fields.map(({ key, name }) => (
            <Card
              key={key}
              size="small"
              title={
                <Form.Item name={[name, 'type']} noStyle>
                  <Select
                    aria-label={`Action ${name + 1} type`}
                    style={{ width: 260 }}
                    options={BUSINESS_RULE_ACTIONS.map((type) => ({ value: type, label: ACTION_LABELS[type] }))}
                    onChange={() => form.setFieldValue(['actions', name, 'params'], {})}
                  />
                </Form.Item>
              }
              extra={
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remove action ${name + 1}`}
                  onClick={() => remove(name)}
                />
              }
            >
              <ActionParamsOf form={form} name={name} />
            </Card>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ type: 'create_task', params: {} })}
            style={{ alignSelf: 'flex-start' }}
          >
            Add Action
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

interface BusinessRuleFormModalProps {
  open: boolean;
  /** null: a new rule. */
  rule: BusinessRule | null;
  onClose: () => void;
}

/** Create or edit a business rule: when (event, conditions as rows) and what (actions with their params). */
export function BusinessRuleFormModal({ open, rule, onClose }: BusinessRuleFormModalProps) {
  const [create] = useCreateBusinessRuleMutation();
  const [update] = useUpdateBusinessRuleMutation();
  const { message } = useFeedback();

  const submit = async (values: RuleFormValues, { etag }: { etag: string | undefined }) => {
    const body = buildRuleBody(values);
    if (rule) await update({ id: rule.id, body, etag }).unwrap();
    else await create(body).unwrap();
    message.success(`Rule "${body.name}" saved`);
  };

  return (
    <FormModal<RuleFormValues>
      open={open}
      recordKey={rule?.id}
      etag={rule?.etag}
      title={rule ? 'Edit Business Rule' : 'New Business Rule'}
      okText={rule ? 'Save Rule' : 'Create Rule'}
      name="business-rule"
      width={860}
      initialValues={rule ? ruleFormValues(rule) : NEW_RULE}
      canSubmit={(values) => Boolean(values.name?.trim())}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={SETTINGS_ERRORS.saveRule}
      onValuesChange={(changed, _all, form) => {
        // The module follows the event picked, until chosen by hand.
        const module = changed.trigger_event ? moduleOf(changed.trigger_event) : undefined;
        if (module) form.setFieldValue('module', module);
      }}
    >
      <RuleFields />
    </FormModal>
  );
}

function RuleFields() {
  const form = Form.useFormInstance<RuleFormValues>();
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: 'Please enter a name' }]}
          >
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item label="Active" name="is_active" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Description" name="description">
        <Input maxLength={500} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item
            label="When this event happens"
            name="trigger_event"
            rules={[{ required: true, whitespace: true, message: 'Choose an event' }]}
          >
            <AutoComplete
              options={EVENT_OPTIONS}
              filterOption={(typed, option) => String(option?.value ?? '').includes(typed.trim())}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item label="Module" name="module">
            <Select options={options(RULE_MODULES)} />
          </Form.Item>
        </Col>
      </Row>
      <Flex align="center" gap="small" style={{ marginBottom: 8 }}>
        <Typography.Text strong>Conditions on the event's data: match</Typography.Text>
        <Form.Item name="match" noStyle>
          <Radio.Group
            size="small"
            optionType="button"
            options={[
              { value: 'all', label: 'all' },
              { value: 'any', label: 'any' },
            ]}
          />
        </Form.Item>
      </Flex>
      <ConditionRows />
      <Typography.Paragraph strong style={{ marginTop: 16, marginBottom: 8 }}>
        Then
      </Typography.Paragraph>
      <ActionRows form={form} />
    </>
  );
}
