// The zod-free pieces of landing-pages.ts, for the published page (/lp/{slug}), which must not
// download zod and every schema with it: import them from `@giftrelay/contracts/landing-page-basics`.

/** The primary call to action's label by offer type (spec section 2). */
export function ctaLabel(offer: string): string {
  if (offer === 'demo') return 'Book a Demo';
  if (offer === 'trial') return 'Start Free Trial';
  if (offer === 'enterprise') return 'Contact Sales';
  return 'Get Started Free';
}

/** The preview the generator keeps in session storage (spec section 3), plus its slug and copy. */
export const LANDING_PREVIEW_KEY = 'landing_page_preview';

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'with',
]);

/**
 * Headline case for a keyword typed in lower case ("gift cards for remote teams" → "Gift Cards for
 * Remote Teams"): the H1 of a landing page and a post's title. A word that already has a capital
 * (iPhone, HR, B2B) is left as typed; the writer and the published page use this one function.
 */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => {
      if (/[A-Z]/.test(word)) return word;
      if (i > 0 && SMALL_WORDS.has(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}
