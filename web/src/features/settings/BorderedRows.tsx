import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/** Rows in a bordered box, one under the other (what antd's deprecated List drew). */
export function BorderedRows({ rows, label }: { rows: Array<{ key: string; content: ReactNode }>; label?: string }) {
  const { token } = theme.useToken();
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <ul
      aria-label={label}
      style={{ listStyle: 'none', margin: 0, padding: 0, border: line, borderRadius: token.borderRadiusLG }}
    >
      {rows.map((row, index) => (
        <li
          key={row.key}
          style={{ padding: `${token.paddingXS}px ${token.padding}px`, borderTop: index ? line : undefined }}
        >
          <Flex justify="space-between" align="center" gap="small" wrap>
            {row.content}
          </Flex>
        </li>
      ))}
    </ul>
  );
}
