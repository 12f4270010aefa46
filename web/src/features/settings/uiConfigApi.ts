import type { Branding, DashboardWidgetConfig, MenuConfig } from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import { alertError } from '../../shared/apiError';

/**
 * What the shell and the dashboard read from the settings service (the company name, the role's
 * sidebar, the user's widgets), apart from the Settings screen's own calls so that the workspace's
 * first chunk does not carry them. Reads fail quietly: the shell then shows its defaults.
 */
export const UI_CONFIG_ERRORS = {
  menu: 'Could not load the menu configuration.',
  widgets: 'Could not load the dashboard widgets.',
  saveMenu: 'Error saving the menu configuration.',
  saveWidgets: 'Error saving the dashboard widgets.',
} as const;

export const uiConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBranding: build.query<Branding, void>({
      query: () => '/settings/branding',
      providesTags: [{ type: 'Branding', id: 'CURRENT' }],
    }),
    getMenuConfig: build.query<MenuConfig, string>({
      query: (role) => `/settings/menu-config/${encodeURIComponent(role)}`,
      providesTags: (_result, _error, role) => [{ type: 'MenuConfig', id: role }],
    }),
    updateMenuConfig: build.mutation<MenuConfig, { role: string; items: MenuConfig['items'] }>({
      query: ({ role, items }) => ({
        url: `/settings/menu-config/${encodeURIComponent(role)}`,
        method: 'PUT',
        body: { items },
      }),
      invalidatesTags: (_result, _error, { role }) => [{ type: 'MenuConfig', id: role }],
      transformErrorResponse: alertError(UI_CONFIG_ERRORS.saveMenu),
    }),
    getDashboardWidgets: build.query<DashboardWidgetConfig, string>({
      query: (userId) => `/settings/dashboard-widgets/${encodeURIComponent(userId)}`,
      providesTags: (_result, _error, userId) => [{ type: 'DashboardWidgets', id: userId }],
    }),
    updateDashboardWidgets: build.mutation<
      DashboardWidgetConfig,
      { userId: string; widgets: DashboardWidgetConfig['widgets'] }
    >({
      query: ({ userId, widgets }) => ({
        url: `/settings/dashboard-widgets/${encodeURIComponent(userId)}`,
        method: 'PUT',
        body: { widgets },
      }),
      invalidatesTags: (_result, _error, { userId }) => [{ type: 'DashboardWidgets', id: userId }],
      transformErrorResponse: alertError(UI_CONFIG_ERRORS.saveWidgets),
    }),
  }),
});

export const {
  useGetBrandingQuery,
  useGetMenuConfigQuery,
  useUpdateMenuConfigMutation,
  useGetDashboardWidgetsQuery,
  useUpdateDashboardWidgetsMutation,
} = uiConfigApi;
