/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { PlatformRulesSection } from './components/platform-rules-section';
export { ReviewQueue } from './components/review-queue';
export { RiskRulesSection } from './components/risk-rules-section';
