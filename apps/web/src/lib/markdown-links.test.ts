import { describe, expect, it } from 'vitest';
import { isSafeHref, parseInline } from './markdown';

describe('markdown links', () => {
  it('keeps site paths and http(s) links, and leaves any other scheme as text', () => {
    expect(parseInline('[a](/blog)')).toEqual([{ type: 'link', text: 'a', href: '/blog' }]);
    expect(parseInline('[a](https://example.com)')).toEqual([{ type: 'link', text: 'a', href: 'https://example.com' }]);
    for (const href of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'vbscript:x']) {
      expect(isSafeHref(href)).toBe(false);
      expect(parseInline(`[a](${href})`)[0]?.type).toBe('text');
    }
  });
});
