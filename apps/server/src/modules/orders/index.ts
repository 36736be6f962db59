/** The module's public entry: what other modules may use (decision 018). */
export { expireWaitingOrders } from './approvals';
export { billingCurrency, cachedProduct } from './lookups';
export { presentOrder } from './presenter';
export { type ReminderReport, remindAndExpireUnopened } from './reminders';
export { findOrganisationProfile, findRewardByClaimHash, listOrders } from './repository';
export { recordClaimOpened } from './reward-events';
