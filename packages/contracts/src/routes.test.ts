import { describe, expect, it } from 'vitest';
import { isClientRoute } from './routes';

describe('isClientRoute', () => {
  it.each([
    '/',
    '/catalog',
    '/dashboard',
    '/dashboard/',
    '/blog/employee-incentive-gift-cards',
    '/blog/generator',
    // A published post's address (decision 050); the server answers 404 when none is published.
    '/blog/some-article',
    '/contact',
    '/lp/gift-cards',
    '/forgot-password',
    '/mailbox',
    '/verify/abc',
    '/reset-password/abc',
  ])('%s is a page of the app', (path) => expect(isClientRoute(path)).toBe(true));

  it.each(['/nope', '/blog/a/b', '/catalogue', '/lp', '/dashboard/x', '/.env', '/verify', '/reset-password/a/b'])(
    '%s is not',
    (path) => expect(isClientRoute(path)).toBe(false),
  );
});
