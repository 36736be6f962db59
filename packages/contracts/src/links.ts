/** A base no real address has: a path resolved against it and still on it is a path of this site. */
const SITE = 'https://site.invalid';

/**
 * `href` as a path of this site, or null when it is not one. Decided by the URL parser, the way a
 * browser reads the link, never by looking at the first characters: `/\evil.com`, `/\t/evil.com`
 * (browsers drop tabs and line breaks) and `\\evil.com` all go to another host, and
 * `javascript:` is no path. The answer is the path as parsed (path, query, fragment), so what is
 * linked to is exactly what was checked.
 */
export function sitePath(href: string | null | undefined): string | null {
  if (typeof href !== 'string' || !href.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(href, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  // `/.//evil.com` stays on the site as parsed, but its path `//evil.com` is another host's
  // address once written into a link: a path of this site has one leading slash.
  if (url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `href` when it is an absolute http(s) address (as written: the parser agreed), or null. */
export function webAddress(href: string): string | null {
  if (!/^https?:\/\//i.test(href)) return null;
  try {
    const url = new URL(href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? href : null;
  } catch {
    return null;
  }
}
