import type { CreateTeamMemberDto, TeamMember, TeamStats } from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import { alertError } from '../../shared/apiError';
import { editRequest, type RecordEdit } from '../../shared/revision';

/**
 * Texts shown when the server gives no detail. The spec only logs team failures; as on the Leads
 * screen, a failed load shows its reason with a Retry, and a failed save its reason inside the form.
 */
export const TEAM_ERRORS = {
  load: 'Could not load the team.',
  create: 'Error adding team member',
  update: 'Error updating team member',
  delete: 'Error removing team member',
} as const;

/** POST /team: the spec's fields (avatar_url null when left empty). */
export type MemberBody = Required<Pick<CreateTeamMemberDto, 'name' | 'email' | 'role' | 'department' | 'avatar_url'>>;

const LIST = { type: 'TeamMember', id: 'LIST' } as const;
const STATS = { type: 'TeamMember', id: 'STATS' } as const;

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every member (the server caps the list far above a company's team); tabs filter it here. */
    getTeam: build.query<TeamMember[], void>({
      query: () => '/team',
      providesTags: (members) => [...(members ?? []).map(({ id }) => ({ type: 'TeamMember' as const, id })), LIST],
    }),
    getTeamStats: build.query<TeamStats, void>({
      query: () => '/team/stats',
      providesTags: [STATS],
    }),
    createMember: build.mutation<TeamMember, MemberBody>({
      query: (body) => ({ url: '/team', method: 'POST', body }),
      invalidatesTags: [LIST, STATS],
    }),
    updateMember: build.mutation<TeamMember, RecordEdit<MemberBody>>({
      query: ({ id, ...edit }) => editRequest(`/team/${encodeURIComponent(id)}`, edit),
      // A new department changes the Departments count.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'TeamMember', id }, STATS],
    }),
    deleteMember: build.mutation<void, string>({
      query: (id) => ({ url: `/team/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [LIST, STATS],
      transformErrorResponse: alertError(TEAM_ERRORS.delete),
    }),
  }),
});

export const {
  useGetTeamQuery,
  useGetTeamStatsQuery,
  useCreateMemberMutation,
  useUpdateMemberMutation,
  useDeleteMemberMutation,
} = teamApi;
