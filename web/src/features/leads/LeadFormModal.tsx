import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { hasRequiredLeadFields, type LeadFormValues } from './leadPayloads';
import { LeadFormError } from './LeadFormError';

interface LeadFormModalProps {
  open: boolean;
  title: string;
  okText: string;
  formName: string;
  /** Changes when another lead is edited, so that the form starts from its values. */
  formKey?: string;
  initialValues?: Partial<LeadFormValues>;
  saving: boolean;
  error: unknown;
  errorFallback: string;
  onCancel: () => void;
  onFinish: (values: LeadFormValues) => Promise<void>;
  children: ReactNode;
}

/**
 * The Add and Edit Lead modal: the submit button stays disabled until name, email and company are
 * filled (spec), the server's reason shows inside the form, and the form is the modal's content.
 */
export function LeadFormModal(props: LeadFormModalProps) {
  const [form] = Form.useForm<LeadFormValues>();
  const name = Form.useWatch('name', form);
  const email = Form.useWatch('email', form);
  const company = Form.useWatch('company', form);
  const canSubmit = hasRequiredLeadFields({ name, email, company });

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      onCancel={props.onCancel}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit', disabled: !canSubmit, loading: props.saving }}
      modalRender={(dom) => (
        <Form
          key={props.formKey}
          form={form}
          name={props.formName}
          layout="vertical"
          requiredMark={false}
          initialValues={props.initialValues}
          onFinish={props.onFinish}
          preserve={false}
        >
          {dom}
        </Form>
      )}
    >
      <LeadFormError error={props.error} fallback={props.errorFallback} />
      {props.children}
    </Modal>
  );
}
