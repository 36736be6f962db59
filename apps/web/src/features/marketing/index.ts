/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { FaqList } from './components/faq-list';
export { HomeHero } from './components/home-hero';
export {
  CategoriesStrip,
  ClosingCta,
  ComplianceStrip,
  FeatureCards,
  OperationsGrid,
  TeamsStrip,
  Testimonials,
} from './components/home-sections';
export { PricingPlans } from './components/pricing-plans';
export { SolutionsTabs } from './components/solutions-tabs';
export { PLANS, PRICING_FAQ } from './data/pricing';
