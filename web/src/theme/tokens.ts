import type { ThemeConfig } from 'antd';

/**
 * The one token object of the client. Components read colours and spacing from antd tokens
 * (`theme.useToken()`), never literals; the dark algorithm derives its palette from these seeds.
 */
export const brandTokens: NonNullable<ThemeConfig['token']> = {
  colorPrimary: '#4f46e5',
  colorInfo: '#4f46e5',
  colorSuccess: '#16a34a',
  colorWarning: '#d97706',
  colorError: '#dc2626',
  borderRadius: 8,
  fontFamily: "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
};

/** Sizes of the shell, in px (the spec's units are 4 px: sidebar 64/16, chat panel 96 x 500). */
export const shellSizes = {
  sidebarOpen: 256,
  sidebarCollapsed: 64,
  headerHeight: 64,
  chatPanelWidth: 384,
  chatPanelHeight: 500,
  chatButton: 56,
  /** The round chat button's distance from the window's right and bottom edges (wide screens). */
  chatButtonInset: 12,
  /**
   * The strip kept free at the right of the screen's content on wide screens, where the chat button
   * sits: the button and its inset on both sides, so that it never lies over the screen's content.
   */
  chatGutter: 56 + 2 * 12,
} as const;

/** antd preset tag colours for the values the screens label (presets follow the active theme). */
/** Roles: the spec's admin red, manager yellow, user blue; part 1's employee and the read-only viewer neutral. */
export const roleTagColor = {
  admin: 'red',
  manager: 'gold',
  user: 'blue',
  employee: 'cyan',
  viewer: 'default',
} as const;
export const activeTagColor = { active: 'success', inactive: 'default' } as const;
