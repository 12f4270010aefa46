import { DOCUMENT_PAGE_CSP, documentPageHtml, plainTextHtml } from './document-page';

describe(documentPageHtml.name, () => {
  it('makes plain text escaped paragraphs, keeping its line breaks', () => {
    expect(plainTextHtml('Fee < 5% & "net"\nsecond line\n\n\nNext paragraph\n')).toBe(
      '<p>Fee &lt; 5% &amp; &quot;net&quot;<br>second line</p>\n<p>Next paragraph</p>',
    );
  });

  it('puts HTML content in as written, under a policy that loads nothing from anywhere', () => {
    const page = documentPageHtml('<h2>Terms</h2><table><tr><td class="num">$2,700.00</td></tr></table>');
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_PAGE_CSP}">`);
    expect(page).toContain('<body><h2>Terms</h2><table><tr><td class="num">$2,700.00</td></tr></table></body>');
    expect(page).not.toContain('@page');
  });

  it('prints the title as the heading only when the content has no heading of its own', () => {
    expect(documentPageHtml('<p>Body</p>', { print: { title: 'A & B' } })).toContain(
      '<body><h1>A &amp; B</h1>\n<p>Body</p>',
    );
    const own = documentPageHtml('<h1 class="x">Quote Q-1</h1><p>Body</p>', { print: { title: 'Quote Q-1' } });
    expect(own).toContain('<body><h1 class="x">Quote Q-1</h1>');
    expect(own.match(/<h1/g)).toHaveLength(1);
    expect(own).toContain('@page{size:A4');
  });
});
