import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

interface PanelProps {
  /** A heading over the content, as antd Card's title. */
  title?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
}

/**
 * A bordered surface with antd Card's look (the theme's tokens) but none of its weight: antd's Card
 * always brings Tabs along (for its tab list), which the list screens do not use.
 */
export function Panel({ title, children, style }: PanelProps) {
  const { token } = theme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      style={{
        background: token.colorBgContainer,
        border,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        minWidth: 0,
        ...style,
      }}
    >
      {title ? (
        <h2
          style={{
            display: 'flex',
            alignItems: 'center',
            minHeight: 56,
            margin: 0,
            paddingInline: token.paddingLG,
            borderBottom: border,
            color: token.colorTextHeading,
            fontSize: token.fontSizeLG,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {title}
        </h2>
      ) : null}
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
