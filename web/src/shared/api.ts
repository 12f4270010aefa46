import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { toApiError, type ApiError } from './apiError';
import { sessionExpired } from './sessionEvents';

/** Every cache tag of the product; features inject endpoints that provide and invalidate them. */
export const TAG_TYPES = [
  'User',
  'Lead',
  'Quote',
  'ProductService',
  'Document',
  'DocumentTemplate',
  'DocumentCategory',
  'SignatureRequest',
  'IntegrationPlatform',
  'IntegrationConnection',
  'SyncJob',
  'Task',
  'Workflow',
  'TeamMember',
  'CalendarEvent',
  'Setting',
  'SettingsUser',
  'SecurityPolicy',
  'SystemSetting',
  'Branding',
  'AiSetting',
  'Webhook',
  'WebhookDelivery',
  'RateLimit',
  'BusinessRule',
  'BusinessRuleExecution',
  'DashboardWidgets',
  'MenuConfig',
  'DashboardMetrics',
  'Insight',
  'DashboardActivity',
  'ChatSession',
  'ChatStatus',
  'MonitoringStatus',
  'Alert',
  'ChartData',
] as const;

/** Per-endpoint options: `anonymous` calls (startup, login, demo users) carry no token. */
export interface RequestOptions {
  anonymous?: boolean;
}

interface WithToken {
  auth: { token: string | null; status: 'checking' | 'settled' };
}

const fetchJson = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState, extraOptions }) => {
    const token = (getState() as WithToken).auth.token;
    if (token && !(extraOptions as RequestOptions | undefined)?.anonymous) {
      headers.set('Authorization', `Bearer ${token}`);
    }
    return headers;
  },
});

/**
 * Every endpoint's failure is an `ApiError` (the server's detail and code; the screen that shows it
 * brings its own fallback text). A 401 on a call made with the token ends the session: the app falls
 * back to the login screen. (While the stored session is being checked at start, the check itself
 * clears it.)
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, RequestOptions, FetchBaseQueryMeta> = async (
  args,
  queryApi,
  extraOptions = {},
) => {
  const result = await fetchJson(args, queryApi, extraOptions);
  if (!result.error) return result;
  const { auth } = queryApi.getState() as WithToken;
  if (result.error.status === 401 && !extraOptions.anonymous && auth.token && auth.status === 'settled') {
    queryApi.dispatch(sessionExpired());
  }
  return { error: toApiError(result.error), meta: result.meta };
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

export type TagType = (typeof TAG_TYPES)[number];
