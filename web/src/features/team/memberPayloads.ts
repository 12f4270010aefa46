import type { Department, TeamMember } from '@sixa/contracts/browser';
import type { MemberBody } from './teamApi';

/** What the Add Member and Edit Member forms hold. */
export interface MemberFormValues {
  name?: string;
  email?: string;
  role?: string;
  department?: Department;
  avatar_url?: string;
}

/** Spec: Add Member needs name, email, role and department. */
export function hasRequiredMemberFields(values: MemberFormValues): boolean {
  return Boolean(values.name?.trim() && values.email?.trim() && values.role?.trim() && values.department);
}

/** An http(s) address, or nothing (the initials avatar is used). */
export function isAvatarUrl(value: string | undefined): boolean {
  const text = value?.trim();
  if (!text) return true;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

export function buildMemberBody(values: MemberFormValues): MemberBody {
  return {
    name: values.name?.trim() ?? '',
    email: values.email?.trim() ?? '',
    role: values.role?.trim() ?? '',
    department: values.department as Department,
    avatar_url: values.avatar_url?.trim() || null,
  };
}

export function memberFormValues(member: TeamMember): MemberFormValues {
  return {
    name: member.name,
    email: member.email,
    role: member.role,
    department: member.department,
    avatar_url: member.avatar_url ?? '',
  };
}
