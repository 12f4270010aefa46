import type { Lead } from '@sixa/contracts';
import { useFeedback } from '../../theme/Feedback';
import { buildUpdateLeadBody, leadFormValues, type LeadFormValues } from './leadPayloads';
import { LEAD_ERRORS, useUpdateLeadMutation } from './leadsApi';
import { LeadFormFields } from './LeadFormFields';
import { LeadFormModal } from './LeadFormModal';

interface EditLeadModalProps {
  /** The lead being edited; null when closed. */
  lead: Lead | null;
  isAdmin: boolean;
  onClose: () => void;
}

/** Edit Lead: the full lead, its lifecycle status, and for admins a score set by hand. */
export function EditLeadModal({ lead, isAdmin, onClose }: EditLeadModalProps) {
  const [updateLead, { isLoading, error, reset }] = useUpdateLeadMutation();
  const { message } = useFeedback();

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
    <LeadFormModal
      open={lead !== null}
      title="Edit Lead"
      okText="Update Lead"
      formName="edit-lead"
      formKey={lead?.id}
      initialValues={lead ? leadFormValues(lead) : undefined}
      saving={isLoading}
      error={error}
      errorFallback={LEAD_ERRORS.update}
      onCancel={close}
      onFinish={submit}
    >
      <LeadFormFields mode="edit" canOverrideScore={isAdmin} />
    </LeadFormModal>
  );
}
