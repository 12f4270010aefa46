import { WORKFLOW_ACTIONS, WORKFLOW_DELAY_MAX_SECONDS, type WorkflowAction } from '@sixa/contracts/browser';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Form, Input, InputNumber, Row, Select, Tooltip, Typography } from 'antd';
import { ACTION_LABELS } from './workflowLabels';
import { defaultParams, newStep, type WorkflowFormValues } from './workflowPayloads';
import { StepParamsFields } from './StepParamsFields';

export const NO_STEPS_TEXT = 'No steps added yet. Click "Add Step" to get started.';

const ACTION_OPTIONS = WORKFLOW_ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] }));

/**
 * The steps of a workflow, in order: add, remove, move up or down, and each action's parameters.
 * Its fields keep their values when they re-mount (a step moved, the trigger type switched back):
 * the form itself drops the values of fields that leave (`preserve={false}`).
 */
export function StepEditor() {
  const form = Form.useFormInstance<WorkflowFormValues>();

  return (
    <Form.List name="steps">
      {(fields, { add, remove, move }) => (
        <Flex vertical gap="small">
          <Flex justify="space-between" align="center" gap="small" wrap>
            <Typography.Text strong>Steps</Typography.Text>
            <Button icon={<PlusOutlined />} onClick={() => add(newStep())}>
              Add Step
            </Button>
          </Flex>
          <Typography.Text type="secondary">
            Text fields may use <Typography.Text code>{'{{field}}'}</Typography.Text> placeholders: they take values
            from the trigger&apos;s data (e.g. <Typography.Text code>{'{{lead.name}}'}</Typography.Text> for a lead
            event).
          </Typography.Text>
          {fields.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_STEPS_TEXT} />
          ) : (
            <ol aria-label="Steps" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
              {fields.map(({ key, name }, index) => (
                <li key={key}>
                  <Card
                    size="small"
                    title={`Step ${index + 1}`}
                    extra={
                      <Flex gap={4}>
                        <Tooltip title="Move up">
                          <Button
                            size="small"
                            type="text"
                            icon={<ArrowUpOutlined />}
                            aria-label={`Move step ${index + 1} up`}
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                          />
                        </Tooltip>
                        <Tooltip title="Move down">
                          <Button
                            size="small"
                            type="text"
                            icon={<ArrowDownOutlined />}
                            aria-label={`Move step ${index + 1} down`}
                            disabled={index === fields.length - 1}
                            onClick={() => move(index, index + 1)}
                          />
                        </Tooltip>
                        <Tooltip title="Remove">
                          <Button
                            size="small"
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`Remove step ${index + 1}`}
                            onClick={() => remove(index)}
                          />
                        </Tooltip>
                      </Flex>
                    }
                  >
                    <Row gutter={12}>
                      <Col xs={24} sm={14}>
                        <Form.Item preserve label="Action" name={[name, 'action']}>
                          <Select
                            options={ACTION_OPTIONS}
                            onChange={(action: WorkflowAction) =>
                              form.setFieldValue(['steps', name, 'params'], defaultParams(action))
                            }
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={24} sm={10}>
                        <Form.Item preserve label="Delay (seconds)" name={[name, 'delay']}>
                          <InputNumber
                            min={0}
                            max={WORKFLOW_DELAY_MAX_SECONDS}
                            precision={0}
                            style={{ width: '100%' }}
                          />
                        </Form.Item>
                      </Col>
                    </Row>
                    <Form.Item preserve label="Description" name={[name, 'description']}>
                      <Input maxLength={500} placeholder="What this step is for" />
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate>
                      {() => (
                        <StepParamsFields
                          name={name}
                          action={(form.getFieldValue(['steps', name, 'action']) as WorkflowAction) ?? 'create_task'}
                        />
                      )}
                    </Form.Item>
                  </Card>
                </li>
              ))}
            </ol>
          )}
        </Flex>
      )}
    </Form.List>
  );
}
