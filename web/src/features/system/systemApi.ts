import type { ApiStatus } from '@sixa/contracts/browser';
import { api } from '../../shared/api';

/**
 * The two calls sent on every start; neither needs a token. The connectivity check's answer says
 * which services the gateway has behind it (the screens show the assistant's availability from it).
 */
export const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkConnectivity: build.query<ApiStatus, void>({
      query: () => '/',
      extraOptions: { anonymous: true },
    }),
    initializeMockData: build.mutation<unknown, void>({
      query: () => ({ url: '/initialize-mock-data', method: 'POST' }),
      extraOptions: { anonymous: true },
    }),
  }),
});

export const { useCheckConnectivityQuery } = systemApi;

/**
 * Whether the gateway has this service deployed; false while unknown (no answer, or an older
 * gateway). `recheck` asks again (the chat does when it opens, so a failed start-up check heals).
 */
export function useServiceDeployed(name: string): { deployed: boolean; recheck: () => void } {
  const { data, refetch } = useCheckConnectivityQuery();
  return { deployed: data?.services?.[name] === 'deployed', recheck: refetch };
}
