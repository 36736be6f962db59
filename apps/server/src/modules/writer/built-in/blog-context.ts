import { titleCase } from '@giftrelay/contracts/landing-page-basics';
import type { Rng } from './prng';

export const TONES = ['authoritative', 'consultative', 'conversational'] as const;
export type Tone = (typeof TONES)[number];
export const CTA_FOCUSES = ['signup', 'demo', 'trial', 'case_study'] as const;
export type CtaFocus = (typeof CTA_FOCUSES)[number];

/** What the catalogue knows, read from `products` when the draft is written. */
export interface CatalogueFacts {
  products: number;
  brands: number;
  countries: number;
  /** Country names, most brands first. */
  countryNames: string[];
  /** Categories, most brands first. */
  categories: string[];
  /** Well-known brands in the catalogue, a handful. */
  sampleBrands: string[];
}

/**
 * Everything generated copy may claim about this instance (issue 35): the catalogue as it is, how a
 * live organisation can fund its balance (what the configuration sets up: Stripe for cards, bank
 * details for transfers) and how rewards reach people. Copy is written from these, never from
 * marketing figures.
 */
export interface InstanceFacts extends CatalogueFacts {
  funding: { card: boolean; bankTransfer: boolean };
  /** How a reward reaches its recipient: by email, with a claim link. */
  channels: readonly 'email'[];
}

export interface BlogBrief {
  primaryKeyword: string;
  supportingKeywords: string[];
  audience: string;
  /** The tone the operator prefers: its variant gets one more section. */
  tone: Tone;
  ctaFocus: CtaFocus;
}

/** Everything a section's copy may draw on, already cleaned for Markdown. */
export interface Ctx {
  /** The primary keyword as typed (lower case kept). */
  kw: string;
  /** The primary keyword in title case, for headings. */
  Kw: string;
  supporting: string[];
  /** The audience as typed, e.g. "HR managers, marketing ops, finance managers". */
  audience: string;
  /** The audience's groups, e.g. ["HR managers", "marketing ops", "finance managers"]. */
  groups: string[];
  facts: CatalogueFacts;
  tone: Tone;
  cta: CtaFocus;
  rng: Rng;
}

export { titleCase };

/**
 * An operator's input made plain text for Markdown: one line, no characters that Markdown or
 * HTML would read as markup. (The page escapes the HTML anyway; this keeps the copy readable.)
 */
export function plain(text: string, max = 120): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/[<>[\]{}*_`#|\\~^]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max)
      .trim()
  );
}

/** "a, b and c" (or "a or b" with `or`). */
export function listOf(items: readonly string[], joiner = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}

/** "5,000+"-style counts read naturally: 183 → "183", 4 → "four". */
export function count(n: number): string {
  const words = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  return n <= 10 ? (words[n] ?? String(n)) : n.toLocaleString('en-US');
}

export function splitAudience(audience: string): string[] {
  const groups = audience
    .split(/,|;|\band\b|\//)
    .map((g) => g.trim())
    .filter(Boolean);
  return groups.length ? groups : ['HR managers'];
}
