import { canonicalHtml, MARKDOWN_CASES } from '@giftrelay/markdown/cases';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

const render = (source: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Markdown source={source} />
    </MemoryRouter>,
  );

describe('Markdown (the web renderer)', () => {
  it.each(MARKDOWN_CASES)('$name: as the server renders it', ({ source, html }) => {
    expect(canonicalHtml(render(source))).toBe(html);
  });

  it('draws code in the code block (its language and a copy button), tables in a scrolling region', () => {
    const html = render('```sh\ncurl x\n```\n\n| A |\n| - |\n| 1 |');
    expect(html).toMatch(/<span[^>]*>sh<\/span>/);
    expect(html).toContain('Copy sh');
    expect(html).toMatch(/<div class="overflow-x-auto" tabindex="0"><table>/);
  });
});
