import { describe, expect, it } from 'vitest';
import { canonicalHtml, MARKDOWN_CASES } from './cases';
import { countWords, markdownToHtml, parseInline, parseMarkdown, readingMinutes, safeHref } from './index';

describe('markdownToHtml (the server renderer)', () => {
  it.each(MARKDOWN_CASES)('$name', ({ source, html }) => {
    expect(canonicalHtml(markdownToHtml(source))).toBe(html);
  });

  it('writes its own attributes: rel on addresses outside the site, scope on header cells', () => {
    expect(markdownToHtml('[a](https://example.com)')).toBe(
      '<p><a href="https://example.com" rel="noopener noreferrer nofollow">a</a></p>',
    );
    expect(markdownToHtml('| A |\n| - |\n| 1 |')).toContain('<th scope="col">A</th>');
    expect(markdownToHtml('<b onclick="x">')).toBe('<p>&lt;b onclick=&quot;x&quot;&gt;</p>');
  });
});

describe('parseMarkdown', () => {
  it('gives structure, never markup: a code block keeps its language, a heading its id', () => {
    expect(parseMarkdown('```sh\ncurl x\n```\n\n### Smaller *one*\n\n<script>')).toEqual([
      { type: 'code', language: 'sh', code: 'curl x' },
      {
        type: 'heading',
        level: 3,
        id: 'smaller-one',
        content: [
          { type: 'text', text: 'Smaller ' },
          { type: 'em', text: 'one' },
        ],
      },
      { type: 'paragraph', content: [{ type: 'text', text: '<script>' }] },
    ]);
  });

  it('emphasis only where the tokenizer found it: text that merely starts and ends with * or _ stays text', () => {
    for (const text of ['_a_b_', '* 5 *', 'snake_case_name']) {
      expect(parseInline(text)).toEqual([{ type: 'text', text }]);
    }
    expect(parseInline('an *italic* and _this_')).toEqual([
      { type: 'text', text: 'an ' },
      { type: 'em', text: 'italic' },
      { type: 'text', text: ' and ' },
      { type: 'em', text: 'this' },
    ]);
  });

  it('links only site paths and http(s) addresses', () => {
    expect(parseInline('[a](/blog)')).toEqual([{ type: 'link', text: 'a', href: '/blog', external: false }]);
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      'https:\\\\evil.example',
      'http:/evil.example',
      'vbscript:x',
    ]) {
      expect(safeHref(href), href).toBeNull();
      expect(
        parseInline(`[a](${href})`).some((part) => part.type === 'link'),
        href,
      ).toBe(false);
    }
  });
});

describe('reading time', () => {
  it('counts words, not punctuation, at 225 words a minute, at least one minute', () => {
    expect(countWords('Hello, world — a test: 1 2 3 | --- |')).toBe(7);
    expect(readingMinutes('word '.repeat(10))).toBe(1);
    expect(readingMinutes('word '.repeat(1125))).toBe(5);
  });
});
