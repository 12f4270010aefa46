import type { CreateUserDto, ToggleStatusResponse, UpdateUserDto, User } from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import { alertError } from '../../shared/apiError';
import { editRequest, type RecordEdit } from '../../shared/revision';

/** Fallback texts of the error catalogue (spec, section 8), shown when the server gives no detail. */
export const USER_ERRORS = {
  load: 'Could not load users.',
  create: 'Error creating user',
  update: 'Error updating user',
  toggleStatus: 'Error updating user status',
  delete: 'Error deleting user',
} as const;

export type CreateUserBody = Required<Pick<CreateUserDto, 'name' | 'email' | 'password' | 'role'>>;
/** Only these fields: the server refuses any other, and `role` on a self-edit. */
export type UpdateUserBody = Pick<UpdateUserDto, 'name' | 'email' | 'role' | 'password'>;

const LIST = { type: 'User', id: 'LIST' } as const;

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<User[], void>({
      query: () => '/users',
      providesTags: (users) => [...(users ?? []).map(({ id }) => ({ type: 'User' as const, id })), LIST],
    }),
    createUser: build.mutation<User, CreateUserBody>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
      invalidatesTags: [LIST, { type: 'SettingsUser', id: 'LIST' }],
    }),
    updateUser: build.mutation<User, RecordEdit<UpdateUserBody>>({
      query: ({ id, ...edit }) => editRequest(`/users/${encodeURIComponent(id)}`, edit),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'User', id },
        { type: 'SettingsUser', id: 'LIST' },
      ],
    }),
    toggleUserStatus: build.mutation<ToggleStatusResponse, string>({
      query: (id) => ({ url: `/users/${encodeURIComponent(id)}/toggle-status`, method: 'PATCH' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'User', id }],
      transformErrorResponse: alertError(USER_ERRORS.toggleStatus),
    }),
    deleteUser: build.mutation<void, string>({
      query: (id) => ({ url: `/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'User', id }, LIST, { type: 'SettingsUser', id: 'LIST' }],
      transformErrorResponse: alertError(USER_ERRORS.delete),
    }),
  }),
});

export const {
  useGetUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useToggleUserStatusMutation,
  useDeleteUserMutation,
} = usersApi;
