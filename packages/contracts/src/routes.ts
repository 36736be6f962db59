/** The blog's articles: each has a page at /blog/{slug}; any other /blog/{x} is a 404. */
export const BLOG_ARTICLE_SLUGS = [
  'employee-incentive-gift-cards',
  'visa-vs-mastercard-employee-incentives',
  'starbucks-gift-cards-employee-recognition',
  'roi-employee-incentive-programs',
  'home-depot-gift-cards-incentives',
  'automate-rewards-giftrelay-api',
] as const;
export type BlogArticleSlug = (typeof BLOG_ARTICLE_SLUGS)[number];

/** Addresses that moved or were published wrong; the server answers them with a permanent redirect. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/blog/starbucks-employee-recognition': '/blog/starbucks-gift-cards-employee-recognition',
};

/**
 * Every path the web app answers. The server uses this list to answer unknown paths with a real
 * 404 status (and log them) while still serving the app, which then shows its 404 page.
 * Patterns use `:param` for one path segment.
 */
export const CLIENT_ROUTES = [
  '/',
  '/catalog',
  // Recipient's choice sets (decision 085): signed in only, under the catalogue.
  '/catalog/choice-sets',
  '/pricing',
  '/solutions',
  '/docs',
  '/blog',
  '/blog/generator',
  ...BLOG_ARTICLE_SLUGS.map((slug) => `/blog/${slug}`),
  // Published posts (decision 050); an unknown or unpublished one is answered 404 by the server.
  '/blog/:slug',
  '/landing-page-generator',
  '/lp/:slug',
  '/marketing/analytics',
  '/marketing/leads',
  '/marketing/testimonials',
  // The operator area (issue 35): operators only, like the studio.
  '/operator',
  '/operator/live-requests',
  '/operator/reward-reviews',
  // Platform risk rules and their review queue (decision 083).
  '/operator/risk-reviews',
  '/operator/risk-rules',
  '/operator/bank-transfers',
  '/operator/operators',
  '/login',
  '/contact',
  '/privacy',
  '/terms',
  '/security',
  '/dashboard',
  '/orders',
  '/orders/bulk',
  '/orders/batches',
  '/orders/batches/:id',
  '/approvals',
  // Rewards a risk rule held (decision 083).
  '/review',
  '/analytics',
  '/billing',
  '/settings',
  '/claim/:token',
  '/mailbox',
  // OAuth consent for assistants (decision 075).
  '/oauth/consent',
  '/verify/:token',
  '/forgot-password',
  '/reset-password/:token',
  '/confirm-email/:token',
  '/invitations/:token',
] as const;

/** The pages anyone may read, in the order sitemap.xml lists them. */
export const SITEMAP_PATHS: readonly string[] = [
  '/',
  '/catalog',
  '/pricing',
  '/solutions',
  '/docs',
  '/blog',
  ...BLOG_ARTICLE_SLUGS.map((slug) => `/blog/${slug}`),
  '/contact',
  '/privacy',
  '/terms',
  '/security',
];

/**
 * The id of the JSON data block (`<script type="application/json">`) in which a page the server
 * renders per request hands the web app the data it rendered the page with (/blog's posts, a
 * post, a landing page), so hydrating it asks the API for nothing.
 */
export const SERVER_DATA_ID = 'server-data';

/**
 * What robots.txt asks crawlers to leave alone: the API, pages that belong to an account or a
 * recipient, and emailed links, whose tokens must not end up in an index.
 */
export const ROBOTS_DISALLOW: readonly string[] = [
  '/api/',
  // The marketing studio: GiftRelay's operators only (decision 041).
  '/blog/generator',
  '/landing-page-generator',
  '/marketing/analytics',
  '/marketing/leads',
  '/marketing/testimonials',
  '/operator',
  '/catalog/choice-sets',
  '/dashboard',
  '/orders',
  '/approvals',
  '/review',
  '/analytics',
  '/billing',
  '/settings',
  '/claim/',
  '/mailbox',
  '/verify/',
  '/reset-password/',
  '/confirm-email/',
  '/invitations/',
  '/oauth/',
];

const compiled = CLIENT_ROUTES.map(
  (pattern) =>
    new RegExp(
      `^${pattern
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`,
    ),
);

export function isClientRoute(pathname: string): boolean {
  return compiled.some((re) => re.test(pathname));
}
