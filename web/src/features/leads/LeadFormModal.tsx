import type { Lead } from '@sixa/contracts/browser';
import { FormModal } from '../../shared/FormModal';
import { useFeedback } from '../../theme/Feedback';
import { DEFAULT_LEAD_SOURCE } from './leadLabels';
import {
  buildCreateLeadBody,
  buildUpdateLeadBody,
  hasRequiredLeadFields,
  leadFormValues,
  type LeadFormValues,
} from './leadPayloads';
import { LEAD_ERRORS, useCreateLeadMutation, useUpdateLeadMutation } from './leadsApi';
import { LeadFormFields } from './LeadFormFields';

interface LeadFormModalProps {
  open: boolean;
  /** The lead to edit; null for Add Lead. */
  lead: Lead | null;
  isAdmin: boolean;
  onClose: () => void;
  onCreated: (lead: Lead) => void;
}

/**
 * Add Lead and Edit Lead: the submit button stays disabled until name, email and company are
 * filled (spec). Editing also sets the lifecycle status, and for admins a score set by hand.
 */
export function LeadFormModal({ open, lead, isAdmin, onClose, onCreated }: LeadFormModalProps) {
  const [createLead] = useCreateLeadMutation();
  const [updateLead] = useUpdateLeadMutation();
  const { message } = useFeedback();

  const submit = async (values: LeadFormValues, { etag }: { etag: string | undefined }) => {
    if (lead) {
      const updated = await updateLead({
        id: lead.id,
        body: buildUpdateLeadBody(values, lead, isAdmin),
        etag,
      }).unwrap();
      message.success(`${updated.name} was updated`);
    } else {
      const created = await createLead(buildCreateLeadBody(values)).unwrap();
      message.success(`${created.name} was added`);
      onCreated(created);
    }
  };

  return (
    <FormModal<LeadFormValues>
      open={open}
      recordKey={lead?.id}
      etag={lead?.etag}
      title={lead ? 'Edit Lead' : 'Add New Lead'}
      okText={lead ? 'Update Lead' : 'Create Lead'}
      name={lead ? 'edit-lead' : 'create-lead'}
      initialValues={lead ? leadFormValues(lead) : { source: DEFAULT_LEAD_SOURCE, phone: '', notes: '' }}
      canSubmit={hasRequiredLeadFields}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={lead ? LEAD_ERRORS.update : LEAD_ERRORS.create}
      preserve={false}
    >
      <LeadFormFields mode={lead ? 'edit' : 'create'} canOverrideScore={isAdmin} />
    </FormModal>
  );
}
