import type {
  ChangeExpiredPasswordDto,
  ForgotPasswordDto,
  InitializeDefaultUsersResponse,
  LoginDto,
  LoginResponse,
  NotificationFrequency,
  PasswordResetDone,
  PasswordResetLink,
  ResetPasswordDto,
  User,
  UserPreferences,
} from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import { alertError } from '../../shared/apiError';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';
export const DEMO_USERS_FAILED = 'Demo users could not be initialized.';
export const PREFERENCES_NOT_SAVED = 'Your theme choice could not be saved; it applies until you reload.';
export const NOTIFICATIONS_NOT_SAVED = 'Your notification choice could not be saved. Please try again.';

export const PASSWORD_CHANGE_FAILED = 'Your password could not be changed. Please try again.';
/** POST /auth/login's code for a password past the policy's expiry: a new one is asked for. */
export const PASSWORD_EXPIRED = 'PASSWORD_EXPIRED';

export type ExpiredPasswordChange = ChangeExpiredPasswordDto;

export const RESET_REQUEST_FAILED = 'The reset link could not be sent. Please try again.';
export const RESET_LINK_UNCHECKED = 'This link could not be checked. Please try again shortly.';
export const RESET_FAILED = 'Your password could not be changed. Please try again.';

export type PasswordResetBody = ResetPasswordDto;

export type Credentials = LoginDto;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, Credentials>({
      query: (credentials) => ({ url: '/auth/login', method: 'POST', body: credentials }),
      extraOptions: { anonymous: true },
    }),
    /** An expired password is replaced and the user signed in, in one call (the same answer as login). */
    changeExpiredPassword: build.mutation<LoginResponse, ExpiredPasswordChange>({
      query: (body) => ({ url: '/auth/change-expired-password', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    getMe: build.query<User, void>({
      query: () => '/auth/me',
    }),
    /** The signed-in user's display choices (a failure leaves the theme on the system setting). */
    getPreferences: build.query<UserPreferences, void>({
      query: () => '/auth/me/preferences',
    }),
    /** Sets the choices given; the others stay as they are. */
    updatePreferences: build.mutation<UserPreferences, Partial<UserPreferences>>({
      query: (body) => ({ url: '/auth/me/preferences', method: 'PUT', body }),
      transformErrorResponse: alertError(PREFERENCES_NOT_SAVED),
    }),
    /** How often the signed-in user is e-mailed their notifications; the cached preferences follow. */
    setOwnNotificationFrequency: build.mutation<UserPreferences, NotificationFrequency>({
      query: (notification_frequency) => ({
        url: '/auth/me/preferences',
        method: 'PUT',
        body: { notification_frequency },
      }),
      transformErrorResponse: alertError(NOTIFICATIONS_NOT_SAVED),
      async onQueryStarted(_frequency, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(authApi.util.upsertQueryData('getPreferences', undefined, data));
        } catch {
          // Shown by the API error listener; the cached choice stays as it was.
        }
      },
    }),
    /** "Forgot password?": the server answers alike whether or not an account has the e-mail. */
    requestPasswordReset: build.mutation<{ detail: string }, ForgotPasswordDto>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    /** Whether a password reset link still works, and for which account (the secret travels in the body). */
    checkPasswordReset: build.query<PasswordResetLink, string>({
      query: (token) => ({ url: '/auth/reset-password/check', method: 'POST', body: { token } }),
      extraOptions: { anonymous: true },
    }),
    resetPassword: build.mutation<PasswordResetDone, PasswordResetBody>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    initializeDemoUsers: build.mutation<InitializeDefaultUsersResponse, void>({
      query: () => ({ url: '/auth/initialize-default-users', method: 'POST' }),
      extraOptions: { anonymous: true },
    }),
  }),
});

export const {
  useLoginMutation,
  useChangeExpiredPasswordMutation,
  useInitializeDemoUsersMutation,
  useRequestPasswordResetMutation,
  useCheckPasswordResetQuery,
  useResetPasswordMutation,
  useGetPreferencesQuery,
  useSetOwnNotificationFrequencyMutation,
} = authApi;
