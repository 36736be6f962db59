import { describe, expect, it } from 'vitest';
import { markdownToHtml, markdownToText } from './markdown';

describe('markdownToHtml', () => {
  it('renders the subset the articles use', () => {
    const html = markdownToHtml(
      '# Title\n\nA **bold** and *soft* word with `code` and [a link](/blog).\n\n## Section\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\n| A | B |\n| --- | --- |\n| 1 | 2 |\n\n```\nx < y\n```',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<a href="/blog">a link</a>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<ol><li>first</li><li>second</li></ol>');
    expect(html).toContain('<blockquote><p>quoted</p></blockquote>');
    expect(html).toContain('<th scope="col">A</th>');
    expect(html).toContain('<pre><code>x &lt; y</code></pre>');
  });

  it('lets no HTML through and keeps only site paths and http(s) links', () => {
    const html = markdownToHtml(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1)) [y](data:text/html,hi) [z](//evil.example) [ok](https://example.com/a?b=1&c="2")\n\n## <b>head</b>',
    );
    expect(html).not.toMatch(/<script|<img|<b>|href="javascript|href="data|href="\/\//);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="https://example.com/a?b=1&amp;c=&quot;2&quot;" rel="noopener noreferrer nofollow"');
  });

  it.each([
    '/\\evil.com',
    '//evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    'javascript:alert%281%29',
    'JaVaScRiPt:alert%281%29',
    'https:\\\\evil.com',
    'http:/evil.com',
  ])('a link to %s stays text: it leaves the site or is no address', (href) => {
    const html = markdownToHtml(`See [this](${href}) now.`);
    expect(html).not.toContain('<a ');
    expect(html).toContain('See this now.');
  });

  it('a site path is linked as parsed, without rel; an address with rel', () => {
    expect(markdownToHtml('[a](/blog/../pricing#plans)')).toContain('<a href="/pricing#plans">a</a>');
    expect(markdownToHtml('[a](https://example.com)')).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow">a</a>',
    );
  });

  it('gives plain text for descriptions', () => {
    expect(markdownToText('## Hi\n\nA **b** [link](/x).')).toBe('Hi A b link.');
  });
});
