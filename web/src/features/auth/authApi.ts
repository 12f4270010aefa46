import type { InitializeDefaultUsersResponse, LoginResponse, User } from '@sixa/contracts';
import { api } from '../../app/api';
import { describeError } from '../../shared/apiError';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';
export const DEMO_USERS_FAILED = 'Demo users could not be initialized.';

export interface Credentials {
  email: string;
  password: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, Credentials>({
      query: (credentials) => ({ url: '/auth/login', method: 'POST', body: credentials }),
      extraOptions: { anonymous: true },
      transformErrorResponse: describeError(LOGIN_FAILED),
    }),
    getMe: build.query<User, void>({
      query: () => '/auth/me',
    }),
    initializeDemoUsers: build.mutation<InitializeDefaultUsersResponse, void>({
      query: () => ({ url: '/auth/initialize-default-users', method: 'POST' }),
      extraOptions: { anonymous: true },
      transformErrorResponse: describeError(DEMO_USERS_FAILED),
    }),
  }),
});

export const { useLoginMutation, useInitializeDemoUsersMutation } = authApi;
