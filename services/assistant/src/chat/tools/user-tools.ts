import type { User } from '@sixa/contracts';
import { explainApiError } from '../workspace-api';
import type { CreatedKind } from './created';
import type { ToolContext, ToolOutcome } from './tool-context';

/** Only an admin may; the API says so (GET /users answers 403 otherwise) before anything is proposed. */
export async function prepareAddUser(
  ctx: ToolContext,
  p: { email?: string; name?: string; role: 'admin' | 'employee' },
): Promise<ToolOutcome> {
  try {
    await ctx.api.get('/users');
  } catch (e) {
    return { text: explainApiError(e, 'add users') };
  }
  if (!p.email)
    return { text: 'What e-mail address should the new user have? For example: "add a user bob@example.com".' };
  const name =
    p.name ??
    p.email
      .split('@')[0]
      .split(/[._-]+/)
      .filter(Boolean)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ');
  const summary = `Add the user ${name} (${p.email}) as ${p.role === 'admin' ? 'an admin' : 'an employee'}, with a temporary password?`;
  return {
    text: summary,
    proposal: {
      tool: 'add_user',
      summary,
      calls: [{ method: 'POST', path: '/users', body: { name, email: p.email, role: p.role }, generatePassword: true }],
    },
  };
}

export const userCreated: CreatedKind<User> = {
  prefix: '/users',
  what: 'add the user',
  describe: (u) => ({
    text: `added the user ${u.name} (${u.email})`,
    link: { label: 'User Management', href: '/users' },
  }),
};
