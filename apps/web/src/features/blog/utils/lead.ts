const plainText = (markdown: string) =>
  markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Whether a post's body opens with its excerpt. The generator's first guess at an excerpt is the
 * first paragraph (cut with "…" when long), so showing it above the body as a lead printed that
 * paragraph twice (issue 35); then the page leaves the lead out.
 */
export function bodyOpensWithExcerpt(bodyMarkdown: string, excerpt: string): boolean {
  const first = bodyMarkdown
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .find((p) => p && !/^(#|[-*] |\d+\. |\||>|```)/.test(p));
  const stem = plainText(excerpt).replace(/…$/, '').trim();
  return Boolean(first && stem && plainText(first).startsWith(stem));
}
