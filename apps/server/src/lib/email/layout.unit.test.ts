import { describe, expect, it } from 'vitest';
import { renderEmail } from './layout';

describe('renderEmail', () => {
  const hostile = `<script>alert("x")</script> & 'quotes'`;

  it('escapes every piece of text in the HTML part and keeps it readable in the text part', () => {
    const { html, text } = renderEmail({
      preview: hostile,
      notice: hostile,
      heading: hostile,
      paragraphs: [hostile],
      details: [{ label: hostile, value: hostile }],
      action: { label: hostile, url: 'https://giftrelay.test/claim/abc?x=1&y="2"' },
      footnotes: [hostile],
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain(`'quotes'`);
    expect(html.match(/&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; &#39;quotes&#39;/g)).toHaveLength(9); // preview, notice, title, heading, paragraph, detail label and value, button, footnote
    expect(html).toContain('href="https://giftrelay.test/claim/abc?x=1&amp;y=&quot;2&quot;"');
    expect(text).toContain(hostile);
    expect(text).toContain('https://giftrelay.test/claim/abc?x=1&y="2"');
  });

  it('puts a notice (a sandbox card has no value) before the heading, in both parts', () => {
    const { html, text } = renderEmail({ preview: 'p', notice: 'No value', heading: 'Your reward', paragraphs: [] });
    expect(html.indexOf('No value')).toBeLessThan(html.indexOf('<h1'));
    expect(text.startsWith('No value\n\nYour reward\n')).toBe(true);
    expect(renderEmail({ preview: 'p', heading: 'Your reward', paragraphs: [] }).html).not.toContain('role="note"');
  });

  it('lays out heading, paragraphs, details, action and footnotes in the text part, in order', () => {
    const { text } = renderEmail({
      preview: 'p',
      heading: 'Your reward',
      paragraphs: ['One', 'Two'],
      details: [{ label: 'Code', value: 'ABCD-1234' }],
      action: { label: 'Open it', url: 'https://giftrelay.test/x' },
      footnotes: ['Small print'],
    });
    expect(text).toBe(
      'Your reward\n===========\n\nOne\n\nTwo\n\nCode: ABCD-1234\n\nOpen it:\nhttps://giftrelay.test/x\n\nSmall print\n\n-- \nGiftRelay: digital rewards that scale.\n',
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'mailto:a@b.c'])('refuses a %s link', (url) => {
    expect(() => renderEmail({ preview: '', heading: '', paragraphs: [], action: { label: 'x', url } })).toThrow(
      /must be an http\(s\) URL/,
    );
  });
});
