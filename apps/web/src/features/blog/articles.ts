import type { BlogArticleSlug } from '@giftrelay/contracts/routes';

export interface ArticleMeta {
  slug: BlogArticleSlug;
  title: string;
  excerpt: string;
  category: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  /** Minutes, from the body's word count (a unit test keeps them in step). */
  readTime: number;
  /** The body's words, for its JSON-LD without its text (a unit test keeps them in step). */
  wordCount: number;
  keywords: string[];
  related: BlogArticleSlug[];
}

/** The blog's articles, newest first. Bodies live in ./content/{slug}.md (./article-bodies.tsx). */
export const ARTICLES: ArticleMeta[] = [
  {
    slug: 'automate-rewards-giftrelay-api',
    title: 'Automating Rewards with the GiftRelay API',
    excerpt:
      'Authenticate, pick a product, place orders that are safe to retry with an Idempotency-Key, handle every error code and follow each order until the recipient has their code.',
    category: 'Engineering',
    date: '2025-04-29',
    readTime: 5,
    wordCount: 1117,
    keywords: ['rewards API', 'gift card API', 'idempotency key', 'automate employee rewards'],
    related: [
      'roi-employee-incentive-programs',
      'employee-incentive-gift-cards',
      'visa-vs-mastercard-employee-incentives',
    ],
  },
  {
    slug: 'home-depot-gift-cards-incentives',
    title: 'Home Depot Gift Cards as Incentives for Field and Facilities Teams',
    excerpt:
      'Practical rewards for technicians, crews and facilities staff: the moments worth rewarding, safety incentives that do not discourage reporting, and reaching people who are never at a desk.',
    category: 'Employee Recognition',
    date: '2025-04-08',
    readTime: 5,
    wordCount: 1039,
    keywords: ['Home Depot gift cards', 'field team incentives', 'safety incentive programs', 'frontline recognition'],
    related: [
      'starbucks-gift-cards-employee-recognition',
      'visa-vs-mastercard-employee-incentives',
      'employee-incentive-gift-cards',
    ],
  },
  {
    slug: 'roi-employee-incentive-programs',
    title: 'How to Measure the ROI of an Employee Incentive Program',
    excerpt:
      'The formula, the full cost, the benefits worth measuring, how to attribute results honestly, and a worked example that turns a recognition programme into a number finance will accept.',
    category: 'Strategy',
    date: '2025-03-18',
    readTime: 5,
    wordCount: 1105,
    keywords: ['incentive program ROI', 'employee retention', 'recognition program metrics', 'cost of turnover'],
    related: [
      'employee-incentive-gift-cards',
      'automate-rewards-giftrelay-api',
      'starbucks-gift-cards-employee-recognition',
    ],
  },
  {
    slug: 'starbucks-gift-cards-employee-recognition',
    title: 'Starbucks Gift Cards for Employee Recognition: Small Thanks, Big Effect',
    excerpt:
      'Why small, frequent recognition beats the annual award, the moments worth a coffee, how to avoid excluding people who do not drink it, and the tax detail everyone forgets.',
    category: 'Employee Recognition',
    date: '2025-02-25',
    readTime: 5,
    wordCount: 1100,
    keywords: ['Starbucks gift cards', 'employee recognition', 'peer recognition', 'micro-recognition'],
    related: ['employee-incentive-gift-cards', 'home-depot-gift-cards-incentives', 'roi-employee-incentive-programs'],
  },
  {
    slug: 'visa-vs-mastercard-employee-incentives',
    title: 'Visa vs Mastercard Prepaid Cards for Employee Incentives',
    excerpt:
      'The network matters less than the programme behind the card. What prepaid incentive cards are, where Visa and Mastercard differ, and when a brand gift card is the better reward.',
    category: 'Guides',
    date: '2025-02-04',
    readTime: 5,
    wordCount: 1237,
    keywords: ['Visa prepaid card', 'Mastercard prepaid card', 'prepaid incentive cards', 'open-loop gift cards'],
    related: ['employee-incentive-gift-cards', 'home-depot-gift-cards-incentives', 'roi-employee-incentive-programs'],
  },
  {
    slug: 'employee-incentive-gift-cards',
    title: 'Employee Incentive Gift Cards: A Practical Guide for HR Teams',
    excerpt:
      'When gift cards work as incentives, which kind to choose, how much to give, why timing beats value, and what the tax rules mean in the US, the UK and Canada.',
    category: 'Guides',
    date: '2025-01-14',
    readTime: 6,
    wordCount: 1432,
    keywords: ['employee incentive gift cards', 'employee rewards', 'gift card tax', 'recognition programme'],
    related: [
      'visa-vs-mastercard-employee-incentives',
      'starbucks-gift-cards-employee-recognition',
      'roi-employee-incentive-programs',
    ],
  },
];

/** What a card in the list shows: one of the articles above, or a post published from the generator. */
export type ArticleSummary = Pick<ArticleMeta, 'title' | 'excerpt' | 'category' | 'date' | 'readTime'> & {
  slug: string;
};

export function getArticle(slug: string): ArticleMeta | undefined {
  return ARTICLES.find((a) => a.slug === slug);
}

/** Title, excerpt or category containing the query, ignoring case and surrounding spaces. */
export function searchArticles<T extends ArticleSummary>(articles: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...articles];
  return articles.filter((a) => [a.title, a.excerpt, a.category].some((field) => field.toLowerCase().includes(q)));
}

export const formatArticleDate = (date: string) =>
  // UTC, so the prerendered date and the one the browser renders never differ by a time zone.
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
