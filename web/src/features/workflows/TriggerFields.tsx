import { WORKFLOW_CONDITION_OPS } from '@sixa/contracts/browser';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Col, Flex, Form, Input, Radio, Row, Select, Typography } from 'antd';
import { EVENT_TYPE_SUGGESTIONS, OP_LABELS } from './workflowLabels';
import type { WorkflowFormValues } from './workflowPayloads';

const OP_OPTIONS = WORKFLOW_CONDITION_OPS.map((op) => ({ value: op, label: OP_LABELS[op] }));
const EVENT_OPTIONS = EVENT_TYPE_SUGGESTIONS.map((value) => ({ value }));

/** When the workflow runs: on Execute only, on a cron schedule in a time zone, or on a domain event. */
export function TriggerFields() {
  const form = Form.useFormInstance<WorkflowFormValues>();
  const type = Form.useWatch('trigger_type', form);

  return (
    <>
      <Form.Item preserve label="Trigger" name="trigger_type">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'manual', label: 'Manual' },
            { value: 'schedule', label: 'Schedule' },
            { value: 'event', label: 'Event' },
          ]}
        />
      </Form.Item>
      {type === 'schedule' ? (
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Cron"
              name="cron"
              extra="minute hour day month weekday, e.g. 0 9 * * 1-5"
              rules={[{ required: true, whitespace: true, message: 'A schedule needs a cron expression' }]}
            >
              <Input placeholder="0 9 * * 1-5" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item preserve label="Time zone" name="time_zone" extra="An IANA name, e.g. Europe/Paris">
              <Input placeholder="UTC" />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      {type === 'event' ? (
        <>
          <Form.Item
            label="Event type"
            name="event_type"
            rules={[{ required: true, whitespace: true, message: 'Choose the event that starts the workflow' }]}
          >
            <AutoComplete options={EVENT_OPTIONS} placeholder="lead.created" />
          </Form.Item>
          <Form.List name="conditions">
            {(fields, { add, remove }) => (
              <Flex vertical gap="small" style={{ marginBottom: 16 }}>
                <Typography.Text type="secondary">
                  Conditions (all must hold): a field of the event&apos;s data, e.g. lead.source
                </Typography.Text>
                {fields.map(({ key, name }, index) => (
                  <Flex key={key} gap="small" align="flex-start" wrap>
                    <Form.Item preserve name={[name, 'field']} noStyle>
                      <Input
                        aria-label={`Condition ${index + 1} field`}
                        placeholder="lead.source"
                        style={{ flex: '2 1 140px' }}
                      />
                    </Form.Item>
                    <Form.Item preserve name={[name, 'op']} noStyle>
                      <Select
                        aria-label={`Condition ${index + 1} operator`}
                        options={OP_OPTIONS}
                        style={{ flex: '0 0 110px' }}
                      />
                    </Form.Item>
                    <Form.Item preserve name={[name, 'value']} noStyle>
                      <Input
                        aria-label={`Condition ${index + 1} value`}
                        placeholder="Referral"
                        style={{ flex: '2 1 120px' }}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Remove condition ${index + 1}`}
                      onClick={() => remove(name)}
                    />
                  </Flex>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ field: '', op: 'eq', value: '' })}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Add Condition
                </Button>
              </Flex>
            )}
          </Form.List>
        </>
      ) : null}
    </>
  );
}
