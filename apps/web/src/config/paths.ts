/** Every in-app destination, so links are typed and change in one place. */
export const paths = {
  home: '/',
  catalog: '/catalog',
  /** Recipient's choice: the organisation's choice sets (decision 080). */
  choiceSets: '/catalog/choice-sets',
  pricing: '/pricing',
  solutions: '/solutions',
  docs: '/docs',
  blog: '/blog',
  blogArticle: (slug: string) => `/blog/${slug}`,
  blogGenerator: '/blog/generator',
  landingPageGenerator: '/landing-page-generator',
  landingPage: (slug: string) => `/lp/${slug}`,
  /** The marketing studio's pages (operators only, decision 048). */
  marketingLeads: '/marketing/leads',
  marketingTestimonials: '/marketing/testimonials',
  marketingAnalytics: '/marketing/analytics',
  /** The platform operators' own area (issue 35): its frame, its navigation, no customer's balance. */
  operator: '/operator',
  operatorLiveRequests: '/operator/live-requests',
  operatorRewardReviews: '/operator/reward-reviews',
  operatorBankTransfers: '/operator/bank-transfers',
  operatorGrants: '/operator/operators',
  /** Platform risk rules and the platform review queue (decision 083). */
  operatorRiskRules: '/operator/risk-rules',
  operatorRiskReviews: '/operator/risk-reviews',
  login: '/login',
  /** Sign-up with a plan chosen on the pricing page. */
  signup: (plan?: 'starter' | 'growth' | 'enterprise') => `/login?mode=signup${plan ? `&plan=${plan}` : ''}`,
  contact: (topic?: 'sales' | 'support' | 'partnership' | 'other', plan?: 'enterprise') =>
    `/contact${topic ? `?topic=${topic}${plan ? `&plan=${plan}` : ''}` : ''}`,
  privacy: '/privacy',
  terms: '/terms',
  security: '/security',
  dashboard: '/dashboard',
  orders: '/orders',
  approvals: '/approvals',
  /** Rewards a risk rule held, waiting for an owner or admin (decision 083). */
  review: '/review',
  analytics: '/analytics',
  billing: '/billing',
  settings: '/settings',
  mailbox: '/mailbox',
  forgotPassword: '/forgot-password',
} as const;
