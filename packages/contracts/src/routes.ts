/**
 * Every path the web app answers. The server uses this list to answer unknown paths with a real
 * 404 status (and log them) while still serving the app, which then shows its 404 page.
 * Patterns use `:param` for one path segment.
 */
export const CLIENT_ROUTES = [
  '/',
  '/catalog',
  '/pricing',
  '/solutions',
  '/docs',
  '/blog',
  '/blog/generator',
  '/blog/:slug',
  '/landing-page-generator',
  '/lp/:slug',
  '/login',
  '/dashboard',
  '/orders',
  '/analytics',
  '/billing',
  '/settings',
  '/mailbox',
  '/verify/:token',
  '/forgot-password',
  '/reset-password/:token',
] as const;

const compiled = CLIENT_ROUTES.map(
  (pattern) =>
    new RegExp(
      `^${pattern
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`,
    ),
);

export function isClientRoute(pathname: string): boolean {
  return compiled.some((re) => re.test(pathname));
}
