import { contrastRatio, over } from '../contrast';
import { customTagColors, designTokens, PRESET_TAG_COLORS, STATUS_TAG_COLORS, themeConfig } from '../accessibleTheme';

const MODES = ['light', 'dark'] as const;
/** The document categories' colours the sample data and people pick (HR orange, Finance green, ...). */
const CATEGORY_COLORS = [
  '#52c41a',
  '#fa8c16',
  '#1890ff',
  '#722ed1',
  '#eb2f96',
  '#faad14',
  '#13c2c2',
  '#000000',
  '#ffffff',
];

type Pair = [name: string, text: string, background: string];

/** Tokens looked up by a name built from parts (`color${semantic}Bg`). */
const byName = (tokens: object): Record<string, string> =>
  Object.fromEntries(Object.entries(tokens).map(([key, value]) => [key, String(value)]));

/** Every tag the screens draw: its text colour on its background (laid over a card), in `mode`. */
function tagPairs(mode: (typeof MODES)[number]): Pair[] {
  const t = byName(designTokens(mode));
  const tag = { ...t, ...byName(themeConfig(mode).components?.Tag ?? {}) };
  const card = t.colorBgContainer;
  const pairs: Pair[] = [];
  for (const [status, semantic] of Object.entries(STATUS_TAG_COLORS))
    pairs.push([status, tag[`color${semantic}`], over(t[`color${semantic}Bg`], card)]);
  for (const key of PRESET_TAG_COLORS) pairs.push([key, tag[`${key}7`], over(t[`${key}1`], card)]);
  // The neutral tag: antd's defaultBg is colorFillTertiary on the card.
  pairs.push(['default', t.colorText, over(t.colorFillTertiary, card)]);
  for (const color of CATEGORY_COLORS) {
    const custom = customTagColors(color, card);
    pairs.push([`category ${color}`, custom.color, custom.background]);
  }
  return pairs;
}

describe('the theme', () => {
  it.each(MODES)('draws every status, preset and category tag at 4.5:1 or more in %s mode', (mode) => {
    const failing = tagPairs(mode)
      .map(([name, text, background]) => ({ name, text, background, ratio: contrastRatio(text, background) }))
      .filter(({ ratio }) => ratio < 4.5);
    expect(failing).toEqual([]);
    // Success, Active, Connected, Accepted, Signed and the HR and Finance chips were at 2.1-2.5:1.
    expect(tagPairs(mode).length).toBe(4 + PRESET_TAG_COLORS.length + 1 + CATEGORY_COLORS.length);
  });

  it.each(MODES)('draws secondary, semantic and link text at 4.5:1 or more on every surface in %s mode', (mode) => {
    const t = designTokens(mode);
    const surfaces = {
      card: t.colorBgContainer,
      page: t.colorBgLayout,
      popup: t.colorBgElevated,
      'table header': over(t.colorFillAlter, t.colorBgContainer),
    };
    const texts = {
      text: t.colorText,
      secondary: t.colorTextSecondary,
      description: t.colorTextDescription,
      tertiary: t.colorTextTertiary,
      placeholder: t.colorTextPlaceholder,
      link: t.colorLink,
      'link hover': t.colorLinkHover,
      primary: t.colorPrimaryText,
      success: t.colorSuccessText,
      warning: t.colorWarningText,
      error: t.colorErrorText,
      info: t.colorInfoText,
    };
    const failing: string[] = [];
    for (const [textName, text] of Object.entries(texts))
      for (const [surfaceName, surface] of Object.entries(surfaces)) {
        const ratio = contrastRatio(text, surface);
        if (ratio < 4.5) failing.push(`${textName} ${text} on ${surfaceName} ${surface}: ${ratio.toFixed(2)}`);
      }
    expect(failing).toEqual([]);
  });

  it.each(MODES)("draws the menu's and the tabs' selected item at 4.5:1 or more in %s mode", (mode) => {
    const t = designTokens(mode);
    const { Menu, Tabs } = themeConfig(mode).components as Record<string, Record<string, string>>;
    expect(contrastRatio(Menu.itemSelectedColor, over(t.colorPrimaryBg, t.colorBgContainer))).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(contrastRatio(Tabs.itemSelectedColor, t.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps white text readable on the primary fill (today's date in the calendar)", () => {
    for (const mode of MODES) {
      const t = designTokens(mode);
      expect(contrastRatio(t.colorTextLightSolid, t.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe(contrastRatio.name, () => {
  it('gives the WCAG ratios of known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // antd's default green text on its tint, as the defect reported it.
    expect(contrastRatio('#16a34a', '#d3e3d6')).toBeCloseTo(2.46, 1);
    // Translucent text is laid over its background first: rgba(0,0,0,0.45) on white is #8c8c8c.
    expect(contrastRatio('rgba(0,0,0,0.45)', '#ffffff')).toBeCloseTo(contrastRatio('#8c8c8c', '#ffffff'), 1);
  });
});

describe('buttons', () => {
  it.each(MODES)('read at 4.5:1 or more as text (links, Delete) and as filled buttons in %s mode', (mode) => {
    const t = designTokens(mode);
    const button = themeConfig(mode).components?.Button as Record<string, string>;
    for (const surface of [t.colorBgContainer, t.colorBgElevated, over(t.colorFillAlter, t.colorBgContainer)]) {
      expect(contrastRatio(button.colorPrimary, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(button.colorError, surface)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(button.primaryColor, button.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(button.dangerColor, button.colorError)).toBeGreaterThanOrEqual(4.5);
  });
});
