import { theme } from 'antd';
import { useMemo } from 'react';

interface SafeHtmlFrameProps {
  /** A document's or template's content: HTML, or plain text. */
  content: string;
  /** The frame's accessible name ('Preview of Sales Quote'). */
  title: string;
  height?: number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const looksLikeHtml = (content: string) => /<\/?[a-z][\s\S]*?>/i.test(content);

/**
 * Content written by users, shown as a page of its own: in an iframe with an empty `sandbox` (no
 * scripts, no forms, no navigation of this app, a unique origin) and a policy that loads nothing from
 * anywhere (no tracking images, no style sheets), only inline styles and inline data images. It is
 * drawn as paper (dark text on white) in either theme, as the PDF made from it will be.
 */
export function SafeHtmlFrame({ content, title, height = 360 }: SafeHtmlFrameProps) {
  const { token } = theme.useToken();
  const srcDoc = useMemo(() => {
    const body = looksLikeHtml(content) ? content : `<pre>${escapeHtml(content)}</pre>`;
    return [
      '<!doctype html><html><head><meta charset="utf-8">',
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
      '<style>',
      `body{margin:16px;font-family:${token.fontFamily};font-size:14px;line-height:1.6;color:#1f1f1f;background:#fff;overflow-wrap:anywhere}`,
      'pre{white-space:pre-wrap;font-family:inherit;margin:0}',
      'h1{font-size:22px}h2{font-size:18px}table{border-collapse:collapse}td,th{border:1px solid #d9d9d9;padding:4px 8px}',
      '</style></head><body>',
      body,
      '</body></html>',
    ].join('');
  }, [content, token.fontFamily]);

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
