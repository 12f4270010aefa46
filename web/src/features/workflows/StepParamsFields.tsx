import {
  LEAD_STATUSES,
  TASK_PRIORITIES,
  WORKFLOW_DELAY_MAX_SECONDS,
  type WorkflowAction,
} from '@sixa/contracts/browser';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';

interface StepParamsFieldsProps {
  /** The step's index in the form's `steps` list. */
  name: number;
  action: WorkflowAction;
}

const COL = { xs: 24, sm: 12 } as const;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const required = (message: string) => [{ required: true, whitespace: true, message }];

/** The chosen action's parameters (the catalogue in contracts); text fields take `{{field}}` placeholders. */
export function StepParamsFields({ name, action }: StepParamsFieldsProps) {
  const p = (field: string) => [name, 'params', field];
  switch (action) {
    case 'create_task':
      return (
        <Row gutter={12}>
          <Col xs={24}>
            <Form.Item preserve label="Task title" name={p('title')} rules={required('The task needs a title')}>
              <Input placeholder="Call {{lead.name}}" maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item preserve label="Assignee" name={p('assigned_to')}>
              <Input placeholder="Name (optional)" maxLength={120} />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item preserve label="Priority" name={p('priority')}>
              <Select options={TASK_PRIORITIES.map((v) => ({ value: v, label: capital(v) }))} />
            </Form.Item>
          </Col>
        </Row>
      );
    case 'set_lead_status':
      return (
        <Row gutter={12}>
          <Col {...COL}>
            <Form.Item
              preserve
              label="Lead (id or e-mail)"
              name={p('lead_id')}
              rules={required('Which lead: its id, its e-mail, or {{lead.id}}')}
            >
              <Input placeholder="{{lead.id}}" />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item preserve label="New status" name={p('status')} rules={required('Choose a status')}>
              <Select options={LEAD_STATUSES.map((v) => ({ value: v, label: capital(v) }))} />
            </Form.Item>
          </Col>
        </Row>
      );
    case 'create_calendar_event':
      return (
        <Row gutter={12}>
          <Col xs={24}>
            <Form.Item preserve label="Event title" name={p('title')} rules={required('The event needs a title')}>
              <Input placeholder="Meeting with {{lead.name}}" maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item preserve label="Starts in (minutes)" name={p('start_in_minutes')} rules={[{ required: true }]}>
              <InputNumber min={0} max={525_600} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item preserve label="Duration (minutes)" name={p('duration_minutes')} rules={[{ required: true }]}>
              <InputNumber min={1} max={10_080} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item preserve label="Attendees" name={p('attendees')} extra="E-mails, separated by commas">
              <Input placeholder="{{lead.email}}, sales@example.com" />
            </Form.Item>
          </Col>
        </Row>
      );
    case 'send_email':
      return (
        <>
          <Form.Item preserve label="To" name={p('to')} rules={required('Who receives the e-mail')}>
            <Input placeholder="{{lead.email}}" maxLength={320} />
          </Form.Item>
          <Form.Item preserve label="Subject" name={p('subject')} rules={required('The e-mail needs a subject')}>
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item preserve label="Body" name={p('body')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </>
      );
    case 'call_webhook':
      return (
        <Form.Item preserve label="URL" name={p('url')} rules={required('The webhook needs a URL')}>
          <Input type="url" placeholder="https://example.com/hooks/lead" />
        </Form.Item>
      );
    case 'wait':
      return (
        <Form.Item preserve label="Wait (seconds)" name={p('seconds')} rules={[{ required: true }]}>
          <InputNumber min={0} max={WORKFLOW_DELAY_MAX_SECONDS} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      );
  }
}
