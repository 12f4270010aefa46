import {
  DASHBOARD_WIDGETS,
  MENU_KEYS,
  type DashboardWidgetConfig,
  type DashboardWidgetKey,
  type MenuConfig,
  type MenuKey,
} from '@sixa/contracts/browser';

export type WidgetSetting = DashboardWidgetConfig['widgets'][number];
export type MenuItemSetting = MenuConfig['items'][number];

export const WIDGET_LABELS: Record<DashboardWidgetKey, string> = {
  metrics: 'Metric cards',
  revenue_chart: 'Revenue Trend',
  quick_actions: 'Quick Actions',
  activity: 'Recent AI Activities',
  insights: 'AI Insights & Recommendations',
};

/**
 * Every widget once, in the configured order: unknown keys dropped, widgets the configuration does
 * not name (added to the product since) shown at the end. No configuration: the product's order.
 */
export function orderedWidgets(config: DashboardWidgetConfig | undefined): WidgetSetting[] {
  const known = new Set<string>(DASHBOARD_WIDGETS);
  const seen = new Set<string>();
  const listed = (config?.widgets ?? []).filter((w) => known.has(w.key) && !seen.has(w.key) && seen.add(w.key));
  return [...listed, ...DASHBOARD_WIDGETS.filter((key) => !seen.has(key)).map((key) => ({ key, visible: true }))];
}

/** Every sidebar entry with its visibility (an entry the configuration does not name is shown). */
export function menuItems(config: MenuConfig | undefined): MenuItemSetting[] {
  const visible = new Map((config?.items ?? []).map((item) => [item.key, item.visible]));
  return MENU_KEYS.map((key) => ({ key, visible: visible.get(key) ?? true }));
}

/** The entries the role's menu configuration hides (none when it could not be read). */
export function hiddenMenuKeys(config: MenuConfig | undefined): Set<MenuKey> {
  return new Set((config?.items ?? []).filter((item) => !item.visible).map((item) => item.key));
}

/** Moves the item at `from` one place up (-1) or down (+1). */
export function moveItem<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}
