/**
 * The site's origin (the server's PUBLIC_URL) for canonical links and examples. Pages are
 * prerendered once at build time with this placeholder; the server puts its PUBLIC_URL in its
 * place when it loads them, so one build serves any domain.
 */
export const PUBLIC_URL_PLACEHOLDER = '__GIFTRELAY_PUBLIC_URL__';

export function getPublicUrl(): string {
  if (typeof document === 'undefined') return PUBLIC_URL_PLACEHOLDER;
  const value = document.querySelector<HTMLMetaElement>('meta[name="public-url"]')?.content ?? '';
  // Under the Vite dev server nobody fills the placeholder in: the page's own origin is right there.
  return /^https?:\/\//.test(value) ? value.replace(/\/+$/, '') : window.location.origin;
}
