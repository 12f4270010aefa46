import { Tag, theme, type TagProps } from 'antd';
import { customTagColors } from '../theme/accessibleTheme';

/**
 * A tag in a colour chosen by people (a document category's): drawn in a shade of that colour that
 * reads at 4.5:1 on its own tint, in light and dark mode. A colour that is not one (a stray value)
 * gives the neutral tag.
 */
export function ColorTag({ color, style, ...props }: Omit<TagProps, 'color'> & { color?: string | null }) {
  const { token } = theme.useToken();
  let colors: ReturnType<typeof customTagColors> | null = null;
  try {
    colors = color ? customTagColors(color, token.colorBgContainer) : null;
  } catch {
    colors = null;
  }
  return <Tag {...props} style={colors ? { ...colors, ...style } : style} />;
}
