import type {
  ActivateBusinessRuleDto,
  AiSettingGroup,
  BackupStatus,
  BusinessRule,
  BusinessRuleExecution,
  BusinessRuleTestResult,
  CreatedWebhook,
  CreateSettingsUserDto,
  RateLimit,
  PasswordResetSent,
  PutRateLimitDto,
  PutSystemSettingDto,
  SampleEventDto,
  SecurityPolicy,
  SetNotificationFrequencyDto,
  SettingsUser,
  SystemSetting,
  TestBusinessRuleDto,
  UpdateSecurityPolicyDto,
  UpdateWebhookDto,
  Webhook,
  WebhookDeliveryAttempt,
} from '@sixa/contracts/browser';
import { api } from '../../shared/api';

export type { SettingsUser };
import { alertError } from '../../shared/apiError';
import { editRequest, type RecordEdit } from '../../shared/revision';

/**
 * Texts shown when the server gives no detail. The spec only logs settings failures; here, as on the
 * other screens, a failed load shows its reason with a Retry and a failed save its reason in its form.
 */
export const SETTINGS_ERRORS = {
  users: 'Could not load the users.',
  createUser: 'Error creating user',
  deleteUser: 'Error deleting user. Please try again.',
  passwordReset: 'The password reset e-mail could not be sent. Please try again.',
  notificationFrequency: "The user's notification e-mails could not be changed. Please try again.",
  system: 'Could not load the system settings.',
  saveSystem: 'Error saving the setting',
  security: 'Could not load the password policy.',
  saveSecurity: 'Error saving the password policy',
  backup: 'Could not load the backup status.',
  ai: 'Could not load the AI configuration.',
  saveAi: 'Error saving the AI configuration',
  webhooks: 'Could not load the webhooks.',
  saveWebhook: 'Error saving the webhook',
  deleteWebhook: 'Error deleting the webhook',
  testWebhook: 'Error testing the webhook',
  deliveries: 'Could not load the delivery log.',
  rateLimits: 'Could not load the rate limits.',
  saveRateLimit: 'Error saving the rate limit',
  deleteRateLimit: 'Error removing the rate limit',
  rules: 'Could not load the business rules.',
  saveRule: 'Error saving the business rule',
  deleteRule: 'Error deleting the business rule',
  activateRule: 'Error changing the rule',
  testRule: 'Error testing the rule',
  executions: 'Could not load the execution log.',
  sampleData: 'Error initializing sample data. Please try again.',
} as const;

export const SETTINGS_SUCCESS = {
  sampleData: 'Sample data initialized successfully!',
} as const;

/** POST /settings/users (spec: username, email, full_name, role, department, timezone, language). */
export type CreateSettingsUserBody = Required<CreateSettingsUserDto>;

/** The value as the setting's type has it (the DTO takes any value and checks it against `data_type`). */
export type SystemSettingBody = Pick<PutSystemSettingDto, 'category' | 'key' | 'data_type'> &
  Pick<SystemSetting, 'value'>;

export type WebhookBody = Pick<
  Webhook,
  'name' | 'url' | 'events' | 'retry_attempts' | 'retry_delay_seconds' | 'timeout_seconds' | 'headers' | 'created_by'
>;
export type WebhookChanges = Partial<Omit<WebhookBody, 'created_by'>> & Pick<UpdateWebhookDto, 'is_active'>;

export type BusinessRuleBody = Pick<
  BusinessRule,
  'name' | 'description' | 'module' | 'trigger_event' | 'conditions' | 'actions' | 'is_active'
>;

export type SampleEvent = SampleEventDto;

export interface SampleDataResult {
  created: Record<string, number>;
}

const USERS = { type: 'SettingsUser', id: 'LIST' } as const;
const SYSTEM = { type: 'SystemSetting', id: 'LIST' } as const;
const WEBHOOKS = { type: 'Webhook', id: 'LIST' } as const;
const RATE_LIMITS = { type: 'RateLimit', id: 'LIST' } as const;
const RULES = { type: 'BusinessRule', id: 'LIST' } as const;

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettingsUsers: build.query<SettingsUser[], void>({
      query: () => '/settings/users',
      providesTags: (users) => [...(users ?? []).map(({ id }) => ({ type: 'SettingsUser' as const, id })), USERS],
    }),
    createSettingsUser: build.mutation<SettingsUser, CreateSettingsUserBody>({
      query: (body) => ({ url: '/settings/users', method: 'POST', body }),
      invalidatesTags: [USERS, { type: 'User', id: 'LIST' }],
    }),
    /** Spec: a settings user is deleted with DELETE /users/{id}. */
    deleteSettingsUser: build.mutation<void, string>({
      query: (id) => ({ url: `/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [USERS, { type: 'User', id }, { type: 'User', id: 'LIST' }],
      transformErrorResponse: alertError(SETTINGS_ERRORS.deleteUser),
    }),
    /** "Reset Password": mails the user a single-use link to choose a new password. */
    sendPasswordReset: build.mutation<PasswordResetSent, string>({
      query: (id) => ({ url: `/settings/users/${encodeURIComponent(id)}/reset-password`, method: 'POST' }),
      transformErrorResponse: alertError(SETTINGS_ERRORS.passwordReset),
    }),

    /** How often the user is e-mailed their notifications (the choice they also make themselves). */
    setUserNotificationFrequency: build.mutation<SettingsUser, { id: string } & SetNotificationFrequencyDto>({
      query: ({ id, notification_frequency }) => ({
        url: `/settings/users/${encodeURIComponent(id)}/notification-frequency`,
        method: 'PUT',
        body: { notification_frequency },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'SettingsUser', id }],
      transformErrorResponse: alertError(SETTINGS_ERRORS.notificationFrequency),
    }),

    getSystemSettings: build.query<SystemSetting[], void>({
      query: () => '/settings/system',
      providesTags: [SYSTEM],
    }),
    updateSystemSetting: build.mutation<SystemSetting, SystemSettingBody>({
      query: (body) => ({ url: '/settings/system', method: 'PUT', body }),
      // The shell's company name is a system setting.
      invalidatesTags: [SYSTEM, { type: 'Branding', id: 'CURRENT' }],
    }),

    getSecurityPolicy: build.query<SecurityPolicy, void>({
      query: () => '/settings/security',
      providesTags: [{ type: 'SecurityPolicy', id: 'CURRENT' }],
    }),
    updateSecurityPolicy: build.mutation<SecurityPolicy, UpdateSecurityPolicyDto>({
      query: (body) => ({ url: '/settings/security', method: 'PUT', body }),
      invalidatesTags: [{ type: 'SecurityPolicy', id: 'CURRENT' }],
    }),
    getBackupStatus: build.query<BackupStatus, void>({
      query: () => '/settings/backup',
    }),

    getAiSettings: build.query<AiSettingGroup[], void>({
      query: () => '/settings/ai',
      providesTags: [{ type: 'AiSetting', id: 'LIST' }],
    }),
    /** The group as it was read, with its settings changed. */
    updateAiSettings: build.mutation<AiSettingGroup, Pick<AiSettingGroup, 'category' | 'settings'>>({
      query: (body) => ({ url: '/settings/ai', method: 'PUT', body }),
      invalidatesTags: [{ type: 'AiSetting', id: 'LIST' }],
    }),

    getWebhooks: build.query<Webhook[], void>({
      query: () => '/settings/webhooks',
      providesTags: (hooks) => [...(hooks ?? []).map(({ id }) => ({ type: 'Webhook' as const, id })), WEBHOOKS],
    }),
    createWebhook: build.mutation<CreatedWebhook, WebhookBody>({
      query: (body) => ({ url: '/settings/webhooks', method: 'POST', body }),
      invalidatesTags: [WEBHOOKS],
    }),
    updateWebhook: build.mutation<Webhook, RecordEdit<WebhookChanges>>({
      query: ({ id, ...edit }) => editRequest(`/settings/webhooks/${encodeURIComponent(id)}`, edit),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Webhook', id }],
    }),
    /** From a row's switch (no form to show the reason in): the error listener shows it. */
    setWebhookActive: build.mutation<Webhook, { id: string } & Required<Pick<UpdateWebhookDto, 'is_active'>>>({
      query: ({ id, is_active }) => ({
        url: `/settings/webhooks/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { is_active },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Webhook', id }],
      transformErrorResponse: alertError(SETTINGS_ERRORS.saveWebhook),
    }),
    deleteWebhook: build.mutation<void, string>({
      query: (id) => ({ url: `/settings/webhooks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Webhook', id }, WEBHOOKS],
      transformErrorResponse: alertError(SETTINGS_ERRORS.deleteWebhook),
    }),
    testWebhook: build.mutation<WebhookDeliveryAttempt, string>({
      query: (id) => ({ url: `/settings/webhooks/${encodeURIComponent(id)}/test`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Webhook', id },
        { type: 'WebhookDelivery', id },
      ],
      transformErrorResponse: alertError(SETTINGS_ERRORS.testWebhook),
    }),
    getWebhookDeliveries: build.query<WebhookDeliveryAttempt[], string>({
      query: (id) => `/settings/webhooks/${encodeURIComponent(id)}/deliveries`,
      providesTags: (_result, _error, id) => [{ type: 'WebhookDelivery', id }],
    }),

    getRateLimits: build.query<RateLimit[], void>({
      query: () => '/settings/rate-limits',
      providesTags: [RATE_LIMITS],
    }),
    /** Adds a resource's limits, or edits them (with the revision the editor read, for an edit). */
    putRateLimit: build.mutation<RateLimit, { resource: string; body: PutRateLimitDto; etag: string | undefined }>({
      query: ({ resource, ...edit }) => editRequest(`/settings/rate-limits/${encodeURIComponent(resource)}`, edit),
      invalidatesTags: [RATE_LIMITS],
    }),
    deleteRateLimit: build.mutation<void, string>({
      query: (resource) => ({ url: `/settings/rate-limits/${encodeURIComponent(resource)}`, method: 'DELETE' }),
      invalidatesTags: [RATE_LIMITS],
      transformErrorResponse: alertError(SETTINGS_ERRORS.deleteRateLimit),
    }),

    getBusinessRules: build.query<BusinessRule[], void>({
      query: () => '/settings/business-rules',
      providesTags: (rules) => [...(rules ?? []).map(({ id }) => ({ type: 'BusinessRule' as const, id })), RULES],
    }),
    createBusinessRule: build.mutation<BusinessRule, BusinessRuleBody>({
      query: (body) => ({ url: '/settings/business-rules', method: 'POST', body }),
      invalidatesTags: [RULES],
    }),
    updateBusinessRule: build.mutation<BusinessRule, RecordEdit<BusinessRuleBody>>({
      query: ({ id, ...edit }) => editRequest(`/settings/business-rules/${encodeURIComponent(id)}`, edit),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'BusinessRule', id }],
    }),
    deleteBusinessRule: build.mutation<void, string>({
      query: (id) => ({ url: `/settings/business-rules/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'BusinessRule', id }, RULES],
      transformErrorResponse: alertError(SETTINGS_ERRORS.deleteRule),
    }),
    activateBusinessRule: build.mutation<BusinessRule, { id: string } & ActivateBusinessRuleDto>({
      query: ({ id, is_active }) => ({
        url: `/settings/business-rules/${encodeURIComponent(id)}/activate`,
        method: 'POST',
        body: { is_active },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'BusinessRule', id }],
      transformErrorResponse: alertError(SETTINGS_ERRORS.activateRule),
    }),
    testBusinessRule: build.mutation<BusinessRuleTestResult, { id: string } & TestBusinessRuleDto>({
      query: ({ id, event }) => ({
        url: `/settings/business-rules/${encodeURIComponent(id)}/test`,
        method: 'POST',
        body: { event },
      }),
    }),
    getBusinessRuleExecutions: build.query<BusinessRuleExecution[], string>({
      query: (id) => `/settings/business-rules/${encodeURIComponent(id)}/executions`,
      providesTags: (_result, _error, id) => [{ type: 'BusinessRuleExecution', id }],
    }),

    initializeSettingsSampleData: build.mutation<SampleDataResult, void>({
      query: () => ({ url: '/settings/initialize-sample-data', method: 'POST' }),
      invalidatesTags: [SYSTEM, WEBHOOKS, RATE_LIMITS, RULES, USERS, { type: 'AiSetting', id: 'LIST' }],
      transformErrorResponse: alertError(SETTINGS_ERRORS.sampleData),
    }),
  }),
});

export const {
  useGetSettingsUsersQuery,
  useCreateSettingsUserMutation,
  useDeleteSettingsUserMutation,
  useSendPasswordResetMutation,
  useSetUserNotificationFrequencyMutation,
  useGetSystemSettingsQuery,
  useUpdateSystemSettingMutation,
  useGetSecurityPolicyQuery,
  useUpdateSecurityPolicyMutation,
  useGetBackupStatusQuery,
  useGetAiSettingsQuery,
  useUpdateAiSettingsMutation,
  useGetWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useSetWebhookActiveMutation,
  useDeleteWebhookMutation,
  useTestWebhookMutation,
  useGetWebhookDeliveriesQuery,
  useGetRateLimitsQuery,
  usePutRateLimitMutation,
  useDeleteRateLimitMutation,
  useGetBusinessRulesQuery,
  useCreateBusinessRuleMutation,
  useUpdateBusinessRuleMutation,
  useDeleteBusinessRuleMutation,
  useActivateBusinessRuleMutation,
  useTestBusinessRuleMutation,
  useGetBusinessRuleExecutionsQuery,
  useInitializeSettingsSampleDataMutation,
} = settingsApi;
