import { describe, expect, it } from 'vitest';
import { sitePath, webAddress } from './links';

describe('sitePath', () => {
  it.each([
    ['/blog', '/blog'],
    ['/orders?status=failed#top', '/orders?status=failed#top'],
    ['/a/../b', '/b'],
  ])('%s is a path of this site: %s', (href, path) => expect(sitePath(href)).toBe(path));

  it.each([
    '/\\evil.com',
    '//evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r\n/evil.com',
    '\t//evil.com',
    '/%09/evil.com'.replace('%09', '\t'),
    // Dot segments that leave a path starting with two slashes: another host once linked.
    '/.//evil.com',
    '/..//evil.com',
    '/a/..//evil.com',
    '/%2e//evil.com',
    '/a/%2E%2E//evil.com',
    'https://evil.com',
    'http:/evil.com',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,x',
    'evil.com',
    '',
    null,
    undefined,
  ])('%j is not', (href) => expect(sitePath(href)).toBeNull());
});

describe('webAddress', () => {
  it('takes http(s) addresses only', () => {
    expect(webAddress('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(webAddress('HTTP://Example.com')).toBe('HTTP://Example.com');
    for (const href of ['javascript:alert(1)', 'https:\\\\evil.com', '//evil.com', 'ftp://x', 'https://']) {
      expect(webAddress(href)).toBeNull();
    }
  });
});
