import { documentPageHtml } from '@sixa/contracts/browser';
import { theme } from 'antd';
import { useMemo } from 'react';

interface SafeHtmlFrameProps {
  /** A document's or template's content: HTML, or plain text. */
  content: string;
  /** The frame's accessible name ('Preview of Sales Quote'). */
  title: string;
  height?: number;
}

/**
 * Content written by users, shown as a page of its own: in an iframe with an empty `sandbox` (no
 * scripts, no forms, no navigation of this app, a unique origin) and a policy that loads nothing from
 * anywhere (no tracking images, no style sheets), only inline styles and inline data images. It is
 * drawn as paper (dark text on white) in either theme, by the same page and style sheet the PDF sent
 * for signature is printed from (documentPageHtml).
 */
export function SafeHtmlFrame({ content, title, height = 360 }: SafeHtmlFrameProps) {
  const { token } = theme.useToken();
  const srcDoc = useMemo(
    () => documentPageHtml(content, { fontFamily: token.fontFamily }),
    [content, token.fontFamily],
  );

  return (
    <iframe
      title={title}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={srcDoc}
      style={{
        width: '100%',
        height,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: '#fff',
      }}
    />
  );
}
