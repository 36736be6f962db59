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
    '/contact',
    '/lp/gift-cards',
    '/forgot-password',
    '/mailbox',
    '/verify/abc',
    '/reset-password/abc',
  ])('%s is a page of the app', (path) => expect(isClientRoute(path)).toBe(true));

  it.each([
    '/nope',
    '/blog/a/b',
    '/blog/some-article',
    '/catalogue',
    '/lp',
    '/dashboard/x',
    '/.env',
    '/verify',
    '/reset-password/a/b',
  ])('%s is not', (path) => expect(isClientRoute(path)).toBe(false));
});
