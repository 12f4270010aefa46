/**
 * A document's content laid out as a page, one way for every place it is shown: the Content tab's
 * sandboxed frame in the web client and the PDF the documents service prints (and signers sign).
 * The same rules apply to both: the content goes in as written (HTML, or plain text made into escaped
 * paragraphs) under a policy that loads nothing from anywhere (no scripts, no remote images, style
 * sheets or fonts), only inline styles and inline data images; and the same style sheet draws it as
 * paper, dark text on white. The PDF adds only what paper needs (A4 pages, rows and headings kept
 * whole across page breaks).
 */

/** What the page may load: nothing but its own inline styles and data: images. */
export const DOCUMENT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The client's font stack (web/src/theme/tokens.ts); the printer uses the first it has. */
export const DOCUMENT_PAGE_FONT =
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Whether content is HTML (any tag) rather than plain text. */
export const looksLikeHtml = (content: string): boolean => /<\/?[a-z][\s\S]*?>/i.test(content);

/** Plain text as HTML: a paragraph per blank-line-separated block, its line breaks kept, everything escaped. */
export function plainTextHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** The content as the body of the page: HTML as written, plain text as paragraphs. */
export function documentBodyHtml(content: string): string {
  return looksLikeHtml(content) ? content : plainTextHtml(content);
}

/** Shared by screen and paper. `.num`: a figure (right-aligned, digits in columns), as the quote's document uses. */
const pageStyle = (fontFamily: string) =>
  [
    `body{margin:16px;font-family:${fontFamily};font-size:14px;line-height:1.6;color:#1f1f1f;background:#fff;overflow-wrap:anywhere}`,
    'h1{font-size:22px;line-height:1.3;margin:0 0 12px}h2{font-size:18px;line-height:1.35;margin:18px 0 8px}',
    'h3{font-size:16px;margin:16px 0 6px}p{margin:0 0 10px}',
    'table{border-collapse:collapse;margin:4px 0 14px}',
    'td,th{border:1px solid #d9d9d9;padding:4px 8px;text-align:left;vertical-align:top}th{background:#fafafa;font-weight:600}',
    '.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}',
    'img{max-width:100%}pre{white-space:pre-wrap;font-family:inherit;margin:0}',
  ].join('');

/** Paper: A4 with room at the foot for the page line the service stamps; nothing split that reads as one. */
const PRINT_STYLE = [
  '@page{size:A4;margin:16mm 16mm 20mm}',
  'body{margin:0}',
  'h1,h2,h3,h4{break-after:avoid}tr,img,pre{break-inside:avoid}thead{display:table-header-group}',
].join('');

export interface DocumentPageOptions {
  /** The font stack (the client passes its theme's); DOCUMENT_PAGE_FONT when unset. */
  fontFamily?: string;
  /**
   * For the PDF: the document's title, printed as its heading when the content has none of its own
   * (a content that starts with `<h1>` is not given the title a second time).
   */
  print?: { title: string };
}

/** The whole page: policy, style sheet and the content. */
export function documentPageHtml(content: string, options: DocumentPageOptions = {}): string {
  const body = documentBodyHtml(content);
  const heading = options.print && !/<h1[\s>]/i.test(body) ? `<h1>${escapeHtml(options.print.title)}</h1>\n` : '';
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_PAGE_CSP}">`,
    options.print ? `<title>${escapeHtml(options.print.title)}</title>` : '',
    '<style>',
    pageStyle(options.fontFamily ?? DOCUMENT_PAGE_FONT),
    options.print ? PRINT_STYLE : '',
    '</style></head><body>',
    heading,
    body,
    '</body></html>',
  ].join('');
}
