/**
 * Structured data for search engines. A data block, not a script that runs, so the CSP that
 * forbids inline scripts does not apply; `<` is escaped so the JSON cannot end the element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, never markup.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
