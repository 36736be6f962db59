import { describe, expect, it } from 'vitest';
import { countWords, parseInline, parseMarkdown, readingMinutes } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs joined across lines, lists, quotes, code and tables', () => {
    const blocks = parseMarkdown(
      [
        '## Why it works',
        'First line',
        'continues here.',
        '',
        '- one',
        '- two with **bold**',
        '  and a wrapped line',
        '',
        '1. first',
        '2. second',
        '',
        '> A quote',
        '',
        '```sh',
        'curl -sS x',
        '  indented',
        '```',
        '',
        '| A | B |',
        '| --- | --- |',
        '| 1 | `x` |',
        '### Smaller',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 2, text: 'Why it works', id: 'why-it-works' },
      { type: 'paragraph', content: [{ type: 'text', text: 'First line continues here.' }] },
      {
        type: 'list',
        ordered: false,
        items: [
          [{ type: 'text', text: 'one' }],
          [
            { type: 'text', text: 'two with ' },
            { type: 'strong', text: 'bold' },
            { type: 'text', text: ' and a wrapped line' },
          ],
        ],
      },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'first' }], [{ type: 'text', text: 'second' }]] },
      { type: 'quote', content: [{ type: 'text', text: 'A quote' }] },
      { type: 'code', language: 'sh', code: 'curl -sS x\n  indented' },
      {
        type: 'table',
        header: [[{ type: 'text', text: 'A' }], [{ type: 'text', text: 'B' }]],
        rows: [[[{ type: 'text', text: '1' }], [{ type: 'code', text: 'x' }]]],
      },
      { type: 'heading', level: 3, text: 'Smaller', id: 'smaller' },
    ]);
  });

  it('reads links, code and bold inside text, and leaves lone markers as text', () => {
    expect(parseInline('See [the docs](/docs), `GET /x` and **this**; 2 * 3 = 6.')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'the docs', href: '/docs' },
      { type: 'text', text: ', ' },
      { type: 'code', text: 'GET /x' },
      { type: 'text', text: ' and ' },
      { type: 'strong', text: 'this' },
      { type: 'text', text: '; 2 * 3 = 6.' },
    ]);
  });

  it('never produces markup from text: angle brackets stay text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });
});

describe('reading time', () => {
  it('counts words, not punctuation, at 225 words a minute, at least one minute', () => {
    expect(countWords('Hello, world — a test: 1 2 3 | --- |')).toBe(7);
    expect(readingMinutes('word '.repeat(10))).toBe(1);
    expect(readingMinutes('word '.repeat(1125))).toBe(5);
  });
});
