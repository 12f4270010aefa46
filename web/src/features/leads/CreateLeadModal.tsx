import type { Lead } from '@sixa/contracts';
import { App, Form, Modal } from 'antd';
import { buildCreateLeadBody, hasRequiredLeadFields, type LeadFormValues } from './leadPayloads';
import { DEFAULT_LEAD_SOURCE } from './leadLabels';
import { LeadFormError } from './LeadFormError';
import { LEAD_ERRORS, useCreateLeadMutation } from './leadsApi';
import { LeadFormFields } from './LeadFormFields';

interface CreateLeadModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (lead: Lead) => void;
}

/** Add Lead: 'Create Lead' stays disabled until name, email and company are filled. */
export function CreateLeadModal({ open, onClose, onCreated }: CreateLeadModalProps) {
  const [form] = Form.useForm<LeadFormValues>();
  const [createLead, { isLoading, error, reset }] = useCreateLeadMutation();
  const { message } = App.useApp();
  const name = Form.useWatch('name', form);
  const email = Form.useWatch('email', form);
  const company = Form.useWatch('company', form);
  const canSubmit = hasRequiredLeadFields({ name, email, company });

  const close = () => {
    reset();
    onClose();
  };

  const submit = async (values: LeadFormValues) => {
    try {
      const created = await createLead(buildCreateLeadBody(values)).unwrap();
      message.success(`${created.name} was added`);
      onCreated(created);
      close();
    } catch {
      // The reason is shown inside the form; it stays open for a correction.
    }
  };

  return (
    <Modal
      open={open}
      title="Add New Lead"
      okText="Create Lead"
      onCancel={close}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit', disabled: !canSubmit, loading: isLoading }}
      modalRender={(dom) => (
        <Form
          form={form}
          name="create-lead"
          layout="vertical"
          requiredMark={false}
          initialValues={{ source: DEFAULT_LEAD_SOURCE, phone: '', notes: '' }}
          onFinish={submit}
          preserve={false}
        >
          {dom}
        </Form>
      )}
    >
      <LeadFormError error={error} fallback={LEAD_ERRORS.create} />
      <LeadFormFields mode="create" />
    </Modal>
  );
}
