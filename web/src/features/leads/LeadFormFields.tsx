import { LEAD_SOURCES, LEAD_STATUSES } from '@sixa/contracts/browser';
import { Checkbox, Form, Input, InputNumber, Select } from 'antd';
import type { LeadFormValues } from './leadPayloads';

const SOURCE_OPTIONS = LEAD_SOURCES.map((source) => ({ value: source, label: source }));
const STATUS_OPTIONS = LEAD_STATUSES.map((status) => ({
  value: status,
  label: status[0].toUpperCase() + status.slice(1),
}));

interface LeadFormFieldsProps {
  mode: 'create' | 'edit';
  /** Admins may pin the score by hand when editing. */
  canOverrideScore?: boolean;
}

/** The fields of the Add Lead and Edit Lead forms (limits as the server's CreateLeadDto). */
export function LeadFormFields({ mode, canOverrideScore = false }: LeadFormFieldsProps) {
  const form = Form.useFormInstance<LeadFormValues>();
  const overriding = Form.useWatch('override_score', form);
  return (
    <>
      <Form.Item
        label="Name"
        name="name"
        rules={[{ required: true, whitespace: true, message: 'Please enter a name' }]}
      >
        <Input maxLength={120} autoComplete="off" placeholder="Full name" />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, message: 'Please enter an email address' },
          { type: 'email', message: 'Please enter a valid email address' },
        ]}
      >
        <Input type="email" maxLength={254} autoComplete="off" placeholder="name@company.com" />
      </Form.Item>
      <Form.Item
        label="Company"
        name="company"
        rules={[{ required: true, whitespace: true, message: 'Please enter a company' }]}
      >
        <Input maxLength={160} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Phone" name="phone">
        <Input type="tel" maxLength={40} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Source" name="source">
        <Select options={SOURCE_OPTIONS} />
      </Form.Item>
      {mode === 'edit' ? (
        <Form.Item label="Status" name="status">
          <Select options={STATUS_OPTIONS} />
        </Form.Item>
      ) : null}
      <Form.Item label="Notes" name="notes">
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      {mode === 'edit' && canOverrideScore ? (
        <>
          <Form.Item name="override_score" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>Set the score by hand</Checkbox>
          </Form.Item>
          <Form.Item
            label="Score override"
            name="score_override"
            extra="0 to 100. Clear the box above to return to the computed score."
          >
            <InputNumber min={0} max={100} precision={0} disabled={!overriding} style={{ width: 120 }} />
          </Form.Item>
        </>
      ) : null}
    </>
  );
}
