import type {
  DocumentAccessLevel,
  DocumentStatus,
  DocumentType,
  DocusignStatus,
  SignatureAuditEventType,
  SignerStatus,
} from '@sixa/contracts/browser';

/** antd preset tag colours (presets follow the active theme). */
export const DOCUMENT_STATUS_COLOR: Record<DocumentStatus, string> = {
  draft: 'default',
  active: 'processing',
  pending_signature: 'warning',
  signed: 'success',
  expired: 'error',
};

export const DOCUMENT_STATUS_LABEL: Record<DocumentStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  pending_signature: 'Pending signature',
  signed: 'Signed',
  expired: 'Expired',
};

export const DOCUSIGN_STATUS_COLOR: Record<DocusignStatus, string> = {
  sent: 'blue',
  delivered: 'cyan',
  completed: 'green',
  declined: 'red',
  voided: 'default',
};

export const SIGNER_STATUS_COLOR: Record<SignerStatus, string> = {
  waiting: 'default',
  sent: 'processing',
  viewed: 'cyan',
  signed: 'success',
  declined: 'error',
};

export const SIGNER_STATUS_LABEL: Record<SignerStatus, string> = {
  waiting: 'Waiting',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
  declined: 'Declined',
};

export const DOCUMENT_TYPE_LABEL: Record<DocumentType, string> = {
  contract: 'Contract',
  form: 'Form',
  template: 'Template',
  invoice: 'Invoice',
  proposal: 'Proposal',
  agreement: 'Agreement',
  custom: 'Custom',
};

export const ACCESS_LEVEL_LABEL: Record<DocumentAccessLevel, string> = {
  private: 'Private (you and admins)',
  team: 'Team (all staff)',
  organization: 'Organization (staff and share links)',
};

export const AUDIT_EVENT_LABEL: Record<SignatureAuditEventType, string> = {
  sent: 'Sent for signature',
  email_sent: 'Email sent',
  viewed: 'Viewed',
  signed: 'Signed',
  declined: 'Declined',
  reminded: 'Reminder sent',
  completed: 'Completed',
  expired: 'Expired',
};

export const AUDIT_EVENT_COLOR: Record<SignatureAuditEventType, string> = {
  sent: 'blue',
  email_sent: 'gray',
  viewed: 'cyan',
  signed: 'green',
  declined: 'red',
  reminded: 'gray',
  completed: 'green',
  expired: 'red',
};

/** "pending_signature" -> "Pending signature", for values the maps above do not know (a newer server). */
export function humanize(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The tab names, as the empty state says them: 'No templates found'. */
export const TAB_LABELS = { templates: 'Templates', documents: 'Documents', categories: 'Categories' } as const;
export type DocumentsTab = keyof typeof TAB_LABELS;
export const emptyTabText = (tab: DocumentsTab) => `No ${tab} found`;

/**
 * A person as the documents screens name them: the name the server answers beside their id ('you'
 * added for the signed-in user), never the id itself; 'Unknown user' when the server has no name.
 */
export function personLabel(
  id: string,
  name: string | null | undefined,
  me: { id: string; name: string } | null | undefined,
): string {
  if (me && id === me.id) return `${name ?? me.name} (you)`;
  return name ?? 'Unknown user';
}
