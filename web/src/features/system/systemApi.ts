import { api } from '../../app/api';

/** The two calls sent on every start; neither needs a token and their answers are not used. */
export const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkConnectivity: build.query<unknown, void>({
      query: () => '/',
      extraOptions: { anonymous: true },
    }),
    initializeMockData: build.mutation<unknown, void>({
      query: () => ({ url: '/initialize-mock-data', method: 'POST' }),
      extraOptions: { anonymous: true },
    }),
  }),
});
