/**
 * Where to go after signing in: the page that was asked for, if it is a path on this site.
 * Anything else (another origin, `//evil.example`, a `javascript:` URL) goes to the dashboard.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/dashboard'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

export function loginPathFor(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}
