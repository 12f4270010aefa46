import type { Lead } from '@sixa/contracts';
import { useFeedback } from '../../theme/Feedback';
import { buildCreateLeadBody, type LeadFormValues } from './leadPayloads';
import { DEFAULT_LEAD_SOURCE } from './leadLabels';
import { LEAD_ERRORS, useCreateLeadMutation } from './leadsApi';
import { LeadFormFields } from './LeadFormFields';
import { LeadFormModal } from './LeadFormModal';

interface CreateLeadModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (lead: Lead) => void;
}

/** Add Lead: 'Create Lead' stays disabled until name, email and company are filled. */
export function CreateLeadModal({ open, onClose, onCreated }: CreateLeadModalProps) {
  const [createLead, { isLoading, error, reset }] = useCreateLeadMutation();
  const { message } = useFeedback();

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
    <LeadFormModal
      open={open}
      title="Add New Lead"
      okText="Create Lead"
      formName="create-lead"
      initialValues={{ source: DEFAULT_LEAD_SOURCE, phone: '', notes: '' }}
      saving={isLoading}
      error={error}
      errorFallback={LEAD_ERRORS.create}
      onCancel={close}
      onFinish={submit}
    >
      <LeadFormFields mode="create" />
    </LeadFormModal>
  );
}
