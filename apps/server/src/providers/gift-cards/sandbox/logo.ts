const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
const SKIPPED_WORDS = new Set(['the', 'and', '&', 'of', 'y']);

/** One or two letters that stand for a brand: "Best Buy" → "BB", "Amazon" → "A". */
export function monogram(brand: string): string {
  const words = brand
    .split(/[\s\-–]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w && !SKIPPED_WORDS.has(w.toLowerCase()));
  const letters = words.length > 1 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0]?.[0] ?? '?');
  return letters.toUpperCase();
}

/** A square SVG logo: the brand's monogram in its colours. */
export function monogramSvg(brand: string, [background, foreground]: readonly [string, string]): string {
  if (!HEX_COLOR.test(background) || !HEX_COLOR.test(foreground)) {
    throw new Error(`Logo colours must be #rrggbb, got ${background} and ${foreground}`);
  }
  const letters = escapeXml(monogram(brand));
  const size = letters.length > 1 ? 26 : 32;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">` +
    `<rect width="64" height="64" rx="14" fill="${background}"/>` +
    `<text x="32" y="33" dominant-baseline="middle" text-anchor="middle" ` +
    `font-family="system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="${foreground}">${letters}</text></svg>`
  );
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
