/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { BankTransfersSection } from './components/bank-transfers-section';
export { LiveRequestsSection } from './components/live-requests-section';
export { OperatorsSection } from './components/operators-section';
export { RewardReviewsSection } from './components/reward-reviews-section';
