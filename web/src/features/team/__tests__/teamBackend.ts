import type { TeamMember, TeamStats, User } from '@sixa/contracts/browser';
import { mockApi, type MockApi } from '../../../test/mockApi';

let sequence = 0;

/** A team member as the work service returns them. */
export function buildMember(overrides: Partial<TeamMember> = {}): TeamMember {
  sequence += 1;
  return {
    id: `member-${sequence}`,
    etag: `0.member-${sequence}`,
    name: `Member ${sequence}`,
    email: `member${sequence}@sixa.local`,
    role: 'Analyst',
    department: 'Sales',
    avatar_url: null,
    is_online: false,
    last_seen_at: null,
    tasks_assigned: 0,
    tasks_completed: 0,
    project_count: 0,
    joined_at: '2026-01-05T09:00:00.000Z',
    created_at: '2026-01-05T09:00:00.000Z',
    updated_at: '2026-01-05T09:00:00.000Z',
    rev: 0,
    ...overrides,
  };
}

function statsOf(members: TeamMember[]): TeamStats {
  return {
    total_members: members.length,
    online_now: members.filter((m) => m.is_online).length,
    departments: new Set(members.map((m) => m.department)).size,
    active_tasks: members.reduce((sum, m) => sum + m.tasks_assigned - m.tasks_completed, 0),
  };
}

/** GET /api/team and /api/team/stats over a list the tests change; other routes go to mockApi. */
export function teamBackend(initial: TeamMember[], me: User) {
  let members = [...initial];
  const api: MockApi = mockApi({
    'GET /api/auth/me': { body: me },
    'GET /api/team': () => ({ body: members }),
    'GET /api/team/stats': () => ({ body: statsOf(members) }),
  });
  return {
    api,
    set(next: TeamMember[]) {
      members = next;
    },
    get members() {
      return members;
    },
  };
}
