import type { Plugin } from 'vite';
import { designTokens } from './src/theme/accessibleTheme.ts';
import type { ThemeMode } from './src/theme/themeSlice.ts';

/**
 * `import 'virtual:theme-tokens.css'`: the antd design tokens of the client's theme as CSS custom
 * properties (`--sixa-color-primary`, ...), light on :root and dark under `html.dark`, computed at
 * build time by antd itself from the one token object (src/theme/tokens.ts, with the readable text
 * colours of src/theme/accessibleTheme.ts). Screens shown before
 * antd is loaded (the login page, the loading and error views) style themselves with them, so they
 * match the antd screens without carrying antd.
 */
export const THEME_TOKENS_CSS = 'virtual:theme-tokens.css';

/** The tokens those screens use. Numbers are px, except the unitless ones. */
const EXPORTED = [
  'colorPrimary',
  'colorPrimaryHover',
  'colorPrimaryActive',
  'colorPrimaryText',
  'colorTextLightSolid',
  'colorBgLayout',
  'colorBgContainer',
  'colorBgContainerDisabled',
  'colorText',
  'colorTextSecondary',
  'colorTextPlaceholder',
  'colorTextDisabled',
  'colorBorder',
  'colorBorderSecondary',
  'colorSplit',
  'controlOutline',
  'colorError',
  'colorErrorText',
  'colorErrorBg',
  'colorErrorBorder',
  'colorInfo',
  'colorInfoBg',
  'colorInfoBorder',
  'colorWarning',
  'colorWarningBg',
  'colorWarningBorder',
  'fontFamily',
  'fontSize',
  'fontSizeLG',
  'fontSizeHeading1',
  'fontWeightStrong',
  'lineHeight',
  'lineHeightHeading1',
  'borderRadius',
  'borderRadiusLG',
  'controlHeight',
  'controlHeightLG',
  'lineWidth',
  'paddingXS',
  'paddingSM',
  'padding',
  'paddingLG',
  'marginXS',
  'margin',
  'marginLG',
  'motionDurationMid',
] as const;
const UNITLESS = new Set<string>(['lineHeight', 'lineHeightHeading1', 'fontWeightStrong']);

const cssName = (token: string) => `--sixa-${token.replace(/[A-Z]+/g, (m) => `-${m.toLowerCase()}`)}`;

function declarations(mode: ThemeMode): string {
  const tokens = designTokens(mode);
  return EXPORTED.map((token) => {
    const value: unknown = tokens[token];
    if (value === undefined) throw new Error(`antd has no design token ${token}`);
    const css = typeof value === 'number' && !UNITLESS.has(token) ? `${value}px` : String(value);
    return `  ${cssName(token)}: ${css};`;
  }).join('\n');
}

export function themeTokensCss(): Plugin {
  const resolved = `\0${THEME_TOKENS_CSS}`;
  return {
    name: 'sixa:theme-tokens-css',
    resolveId: (id) => (id === THEME_TOKENS_CSS ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      return [`:root {\n${declarations('light')}\n}`, `html.dark {\n${declarations('dark')}\n}`].join('\n');
    },
  };
}
