import type { Lead, LeadSource, LeadStatus } from '@sixa/contracts/browser';
import { numericOr } from '../../shared/money';
import type { CreateLeadBody, UpdateLeadBody } from './leadsApi';

export interface LeadFormValues {
  name: string;
  email: string;
  company: string;
  phone?: string;
  source: LeadSource;
  notes?: string;
  status?: LeadStatus;
  /** Admins only: whether the score is set by hand, and to what. */
  override_score?: boolean;
  score_override?: number | null;
}

/** Create Lead and Update Lead are disabled unless name, email and company are filled (spec s.5). */
export function hasRequiredLeadFields(values: Partial<Pick<LeadFormValues, 'name' | 'email' | 'company'>>): boolean {
  return Boolean(values.name?.trim() && values.email?.trim() && values.company?.trim());
}

export function buildCreateLeadBody(values: LeadFormValues): CreateLeadBody {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    phone: values.phone?.trim() ?? '',
    source: values.source,
    notes: values.notes?.trim() ?? '',
  };
}

/** The full lead; the override only when an admin edits (an unchecked box clears it with null). */
export function buildUpdateLeadBody(values: LeadFormValues, lead: Lead, isAdmin: boolean): UpdateLeadBody {
  const body: UpdateLeadBody = { ...buildCreateLeadBody(values), status: values.status ?? lead.status };
  if (isAdmin) {
    body.score_override = values.override_score
      ? Math.min(100, Math.max(0, Math.round(numericOr(values.score_override, lead.score))))
      : null;
  }
  return body;
}

export function leadFormValues(lead: Lead): LeadFormValues {
  return {
    name: lead.name,
    email: lead.email,
    company: lead.company,
    phone: lead.phone,
    source: lead.source,
    notes: lead.notes,
    status: lead.status,
    override_score: lead.score_override !== null,
    score_override: lead.score_override ?? lead.score,
  };
}
