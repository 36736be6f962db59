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
