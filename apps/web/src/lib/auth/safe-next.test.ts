import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it.each([
    ['/orders?status=failed', '/orders?status=failed'],
    ['/settings', '/settings'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['//evil.example/x', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/\\/evil.example', '/dashboard'],
    ['\\\\evil.example', '/dashboard'],
    ['/\t/evil.example', '/dashboard'],
    ['/\n/evil.example', '/dashboard'],
    ['\t//evil.example', '/dashboard'],
    ['JavaScript:alert(1)', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
  ])('%s → %s', (next, expected) => expect(safeNextPath(next)).toBe(expected));

  it('builds the login link that comes back', () => {
    expect(loginPathFor({ pathname: '/orders', search: '?q=a b' })).toBe('/login?next=%2Forders%3Fq%3Da%20b');
  });
});
