import { sitePath } from '@giftrelay/contracts/links';

/**
 * Where to go after signing in: the page that was asked for, if it is a path on this site as the
 * URL parser reads it. Anything else (another origin, `//evil.example`, `/\\evil.example`, a tab
 * inside, a `javascript:` URL) goes to the dashboard.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/dashboard'): string {
  return sitePath(next) ?? fallback;
}

export function loginPathFor(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}
