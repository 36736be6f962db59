import { describe, expect, it } from 'vitest';
import { parseInline, safeHref } from './markdown';

describe('markdown links', () => {
  it('keeps site paths and http(s) links, and leaves any other scheme as text', () => {
    expect(parseInline('[a](/blog)')).toEqual([{ type: 'link', text: 'a', href: '/blog' }]);
    expect(parseInline('[a](https://example.com)')).toEqual([{ type: 'link', text: 'a', href: 'https://example.com' }]);
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'https:\\\\evil.example',
      'vbscript:x',
    ]) {
      expect(safeHref(href)).toBeNull();
      expect(parseInline(`[a](${href})`)[0]?.type).toBe('text');
    }
  });

  it('links a site path as parsed', () => {
    expect(parseInline('[a](/blog/../pricing)')).toEqual([{ type: 'link', text: 'a', href: '/pricing' }]);
  });
});
