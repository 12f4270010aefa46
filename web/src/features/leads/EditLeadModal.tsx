import type { Lead } from '@sixa/contracts';
import { App, Form, Modal } from 'antd';
import { buildUpdateLeadBody, hasRequiredLeadFields, leadFormValues, type LeadFormValues } from './leadPayloads';
import { LeadFormError } from './LeadFormError';
import { LEAD_ERRORS, useUpdateLeadMutation } from './leadsApi';
import { LeadFormFields } from './LeadFormFields';

interface EditLeadModalProps {
  /** The lead being edited; null when closed. */
  lead: Lead | null;
  isAdmin: boolean;
  onClose: () => void;
}

/** Edit Lead: the full lead, its lifecycle status, and for admins a score set by hand. */
export function EditLeadModal({ lead, isAdmin, onClose }: EditLeadModalProps) {
  const [form] = Form.useForm<LeadFormValues>();
  const [updateLead, { isLoading, error, reset }] = useUpdateLeadMutation();
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
    if (!lead) return;
    try {
      const updated = await updateLead({ id: lead.id, body: buildUpdateLeadBody(values, lead, isAdmin) }).unwrap();
      message.success(`${updated.name} was updated`);
      close();
    } catch {
      // The reason is shown inside the form; it stays open for a correction.
    }
  };

  return (
    <Modal
      open={lead !== null}
      title="Edit Lead"
      okText="Update Lead"
      onCancel={close}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit', disabled: !canSubmit, loading: isLoading }}
      modalRender={(dom) => (
        <Form
          key={lead?.id}
          form={form}
          name="edit-lead"
          layout="vertical"
          requiredMark={false}
          initialValues={lead ? leadFormValues(lead) : undefined}
          onFinish={submit}
          preserve={false}
        >
          {dom}
        </Form>
      )}
    >
      <LeadFormError error={error} fallback={LEAD_ERRORS.update} />
      <LeadFormFields mode="edit" canOverrideScore={isAdmin} />
    </Modal>
  );
}
