import { theme, type ThemeConfig } from 'antd';
import { contrastRatio, over, parseColor, readableOn } from './contrast.ts';
import type { ThemeMode } from './themeSlice.ts';
import { brandTokens } from './tokens.ts';

/** antd's preset tag colours (`<Tag color="green">`); each reads with its `<key>7` on its `<key>1`. */
export const PRESET_TAG_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/** The status tags (`<Tag color="success">`) and the semantic colour each one takes its text from. */
export const STATUS_TAG_COLORS = {
  success: 'Success',
  processing: 'Info',
  warning: 'Warning',
  error: 'Error',
} as const;

const ALGORITHMS = { light: theme.defaultAlgorithm, dark: theme.darkAlgorithm } as const;

type Tokens = ReturnType<typeof theme.getDesignToken>;
type Semantic = 'Primary' | 'Success' | 'Warning' | 'Error' | 'Info';

/** The backgrounds text lies on across the screens: cards, the page, pop-ups, table headers, zebra rows. */
function surfacesOf(t: Tokens): string[] {
  return [
    t.colorBgContainer,
    t.colorBgLayout,
    t.colorBgElevated,
    over(t.colorFillAlter, t.colorBgContainer),
    over(t.colorFillQuaternary, t.colorBgContainer),
    over(t.colorFillTertiary, t.colorBgContainer),
  ];
}

/**
 * antd's palettes are built for fills: as text, the derived secondary grey, the green, amber and red
 * (and in dark mode the indigo) fall to 2-4:1. This keeps antd's algorithm and seeds and replaces
 * only the colours text is drawn in, each with its own shade that reaches 4.5:1 on every surface
 * it appears on in this mode (see contrast.ts): grey text, semantic text (Typography, links, tabs,
 * the menu's selection), and every status and preset tag's text on its tinted background.
 */
export function themeConfig(mode: ThemeMode): ThemeConfig {
  return (configs[mode] ??= buildConfig(mode));
}

const configs: Partial<Record<ThemeMode, ThemeConfig>> = {};

function buildConfig(mode: ThemeMode): ThemeConfig {
  const algorithm = ALGORITHMS[mode];
  const t = theme.getDesignToken({ algorithm, token: brandTokens });
  const surfaces = surfacesOf(t);
  const textOf = (semantic: Semantic) => {
    const bg = t[`color${semantic}Bg`];
    return readableOn(t[`color${semantic}`], [...surfaces, bg, t[`color${semantic}BgHover`]]);
  };
  const secondary = readableOn(t.colorTextTertiary, surfaces);
  const primary = textOf('Primary');
  const semanticText = {
    colorPrimaryText: primary,
    colorPrimaryTextHover: primary,
    colorPrimaryTextActive: primary,
    colorSuccessText: textOf('Success'),
    colorWarningText: textOf('Warning'),
    colorErrorText: textOf('Error'),
    colorErrorTextHover: textOf('Error'),
    colorErrorTextActive: textOf('Error'),
    colorInfoText: textOf('Info'),
  };

  // A tag's text on its own tinted background (laid over a card).
  const tagText = (text: string, background: string) => readableOn(text, [over(background, t.colorBgContainer)]);
  const statusTags = Object.fromEntries(
    Object.values(STATUS_TAG_COLORS).map((semantic) => [
      `color${semantic}`,
      tagText(t[`color${semantic}`], t[`color${semantic}Bg`]),
    ]),
  );
  const presetTags = Object.fromEntries(
    PRESET_TAG_COLORS.map((key) => [`${key}7`, tagText(t[`${key}7`], t[`${key}1`])]),
  );

  return {
    algorithm,
    token: {
      ...brandTokens,
      // The derived grey of descriptions, captions and statistic titles.
      colorTextTertiary: secondary,
      colorTextDescription: secondary,
      // Placeholders are read too (a select's "Choose..."): the same readable grey, not antd's 25%.
      colorTextPlaceholder: secondary,
      ...semanticText,
      // A seed: antd derives the link colours from it in each mode; hover and press stay readable too.
      colorLink: primary,
      colorLinkHover: primary,
      colorLinkActive: primary,
    },
    components: {
      // Link, text and outlined buttons draw their label in the primary or error colour: the readable
      // shades; a filled button's label is white or black, whichever reads on that shade (in dark
      // mode a light indigo with a dark label).
      Button: {
        colorPrimary: primary,
        colorPrimaryHover: primary,
        colorPrimaryActive: primary,
        primaryColor: labelOn(primary),
        colorError: semanticText.colorErrorText,
        colorErrorHover: semanticText.colorErrorText,
        colorErrorActive: semanticText.colorErrorText,
        dangerColor: labelOn(semanticText.colorErrorText),
      },
      Tag: { ...statusTags, ...presetTags },
      Menu: { itemSelectedColor: primary, subMenuItemSelectedColor: primary, horizontalItemSelectedColor: primary },
      Tabs: { itemSelectedColor: primary, itemActiveColor: primary, itemHoverColor: primary, inkBarColor: primary },
    },
  };
}

/**
 * A tag in any colour (a document category's): its text in a shade of the colour that reads on its
 * tint, the tint laid over the card it sits on, in the current mode.
 */
export function customTagColors(color: string, surface: string) {
  const { r, g, b } = parseColor(color);
  const tint = (alpha: number) => over(`rgba(${r}, ${g}, ${b}, ${alpha})`, surface);
  const background = tint(0.15);
  return { color: readableOn(color, [background]), background, borderColor: tint(0.45) };
}

/** White or black, whichever reads better on a filled `background`. */
function labelOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000';
}

/** The design tokens of a mode as the screens read them (`theme.useToken()`), outside React (tests). */
export function designTokens(mode: ThemeMode): Tokens {
  const config = themeConfig(mode);
  return theme.getDesignToken({ algorithm: config.algorithm, token: config.token });
}
