import type {
  ApiKeyConnectionDto,
  ConfigureConnectionDto,
  CreateSyncJobDto,
  IntegrationAnalytics,
  IntegrationConnection,
  IntegrationPlatform,
  OAuthCallbackDto,
  OAuthInitiateDto,
  OAuthInitiation,
  SyncJob,
  SyncRecordLog,
} from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import { alertError } from '../../shared/apiError';
import { editRequest, type RecordEdit } from '../../shared/revision';

/**
 * Texts shown when the server gives no detail. The spec only logs Integrations Hub failures; as on
 * the other screens, a failed load shows its reason with a Retry, a failed action its reason.
 */
export const INTEGRATION_ERRORS = {
  platforms: 'Could not load the platforms.',
  connections: 'Could not load your connections.',
  analytics: 'Could not load the analytics.',
  sampleData: 'Error initializing sample data. Please try again.',
  connect: 'Could not connect to the platform.',
  callback: 'Could not complete the connection.',
  disconnect: 'Could not disconnect.',
  configure: 'Could not save the connection settings.',
  sync: 'Could not start the sync.',
  job: 'Could not load the sync job.',
  log: 'Could not load the record log.',
} as const;

export interface SampleDataResult {
  created: number;
  platforms: IntegrationPlatform[];
}

/** POST /integrations/sync-jobs: a manual, inbound job (the only kind the service runs now). */
export type StartSyncBody = Pick<CreateSyncJobDto, 'connection_id' | 'data_type'>;

const PLATFORMS = { type: 'IntegrationPlatform', id: 'LIST' } as const;
const CONNECTIONS = { type: 'IntegrationConnection', id: 'LIST' } as const;
const JOBS = { type: 'SyncJob', id: 'LIST' } as const;

const connectionPath = (id: string) => `/integrations/connections/${encodeURIComponent(id)}`;
const jobPath = (id: string) => `/integrations/sync-jobs/${encodeURIComponent(id)}`;

export const integrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlatforms: build.query<IntegrationPlatform[], void>({
      query: () => '/integrations/platforms',
      providesTags: (data) => [
        ...(data ?? []).map(({ id }) => ({ type: 'IntegrationPlatform' as const, id })),
        PLATFORMS,
      ],
    }),
    getConnections: build.query<IntegrationConnection[], void>({
      query: () => '/integrations/connections',
      providesTags: (data) => [
        ...(data ?? []).map(({ id }) => ({ type: 'IntegrationConnection' as const, id })),
        CONNECTIONS,
      ],
    }),
    getAnalytics: build.query<IntegrationAnalytics, void>({
      query: () => '/integrations/analytics',
      // Figures over every connection and job.
      providesTags: [CONNECTIONS, JOBS],
    }),
    getSyncJob: build.query<SyncJob, string>({
      query: (id) => jobPath(id),
      providesTags: (_data, _error, id) => [{ type: 'SyncJob', id }],
    }),
    getSyncJobLog: build.query<SyncRecordLog[], string>({
      query: (id) => `${jobPath(id)}/log`,
      providesTags: (_data, _error, id) => [{ type: 'SyncJob', id }],
    }),
    initializeIntegrationSampleData: build.mutation<SampleDataResult, void>({
      query: () => ({ url: '/integrations/initialize-sample-data', method: 'POST' }),
      invalidatesTags: [PLATFORMS],
      transformErrorResponse: alertError(INTEGRATION_ERRORS.sampleData),
    }),
    initiateOAuth: build.mutation<OAuthInitiation, Required<OAuthInitiateDto>>({
      query: (body) => ({ url: '/integrations/oauth/initiate', method: 'POST', body }),
    }),
    completeOAuth: build.mutation<IntegrationConnection, Required<OAuthCallbackDto>>({
      query: (body) => ({ url: '/integrations/oauth/callback', method: 'POST', body }),
      invalidatesTags: [CONNECTIONS],
    }),
    connectWithApiKey: build.mutation<
      IntegrationConnection,
      Required<Omit<ApiKeyConnectionDto, 'additional_config'>> & Pick<ApiKeyConnectionDto, 'additional_config'>
    >({
      query: (body) => ({ url: '/integrations/api-key-connection', method: 'POST', body }),
      invalidatesTags: [CONNECTIONS],
    }),
    configureConnection: build.mutation<IntegrationConnection, RecordEdit<ConfigureConnectionDto>>({
      query: ({ id, ...edit }) => editRequest(connectionPath(id), edit),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'IntegrationConnection', id }, CONNECTIONS],
    }),
    disconnect: build.mutation<IntegrationConnection, string>({
      query: (id) => ({ url: connectionPath(id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'IntegrationConnection', id }, CONNECTIONS],
      transformErrorResponse: alertError(INTEGRATION_ERRORS.disconnect),
    }),
    startSync: build.mutation<SyncJob, StartSyncBody>({
      query: ({ connection_id, data_type }) => ({
        url: '/integrations/sync-jobs',
        method: 'POST',
        body: { connection_id, data_type, job_type: 'manual', direction: 'inbound' },
      }),
      invalidatesTags: [JOBS],
    }),
  }),
});

export const {
  useGetPlatformsQuery,
  useGetConnectionsQuery,
  useGetAnalyticsQuery,
  useGetSyncJobQuery,
  useGetSyncJobLogQuery,
  useInitializeIntegrationSampleDataMutation,
  useInitiateOAuthMutation,
  useCompleteOAuthMutation,
  useConnectWithApiKeyMutation,
  useConfigureConnectionMutation,
  useDisconnectMutation,
  useStartSyncMutation,
} = integrationsApi;
