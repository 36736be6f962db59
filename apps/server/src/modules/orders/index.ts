/** The module's public entry: what other modules may use (decision 018). */
export { expireWaitingOrders, releaseHold } from './approvals';
export { choiceStandIn } from './choice';
export { getClaimChoice, pickClaimChoice } from './claim-choice';
export { writeNewOrders } from './create-orders';
export { type Decision, decideWaiting, type Waiting } from './decide-waiting';
export { type ExpiryReport, expireDueRewards, expireIfDue } from './expire-rewards';
export { EXPIRED_REASON } from './expiry-repository';
export { FULFIL_QUEUE, fulfilJobData, fulfilJobOptions } from './fulfilment';
export { billingCurrency, cachedProduct } from './lookups';
export { type AgentOrderOptions, createAgentOrder } from './place-order';
export type { CheckedInTransaction } from './place-order-statement';
export { ordersPlugin } from './plugin';
export {
  type Actor,
  amountProblem,
  chargeOf,
  deliveryMethodOf,
  type NewOrderRow,
  newOrderRow,
  orderExpiry,
  prepareOrder,
  scheduledTime,
  usdTotalOf,
} from './prepare-order';
export { presentOrder } from './presenter';
export { getOrderDetail, listOrders as listOrderPage } from './read-orders';
export { type ReminderReport, remindAndExpireUnopened } from './reminders';
export {
  findOrganisationProfile,
  findRewardByClaimHash,
  findRewardExpiryDays,
  listOrders,
  type OrderRow,
} from './repository';
export { resendOrder } from './resend-order';
export { recordClaimOpened } from './reward-events';
export { checkOrderPhone, recordSmsStatus, SMS_STATUS_PATH } from './reward-sms';
export { lockRiskCounts } from './risk-batch';
export {
  BLOCKED_REASON,
  cancelBlockedReward,
  OPENED_BEFORE_HOLD,
  requestBlockedVoid,
  settleBlockedClaims,
} from './risk-claim-block';
export { blockHeldOrder, releaseHeldOrder } from './risk-hold';
export { isDisposableDomain, sandboxTrigger, usdMinorOf } from './risk-inputs';
export { tellReviewersOfBatch, tellReviewersOfClaim } from './risk-notify';
export { onBatchOrderSettled } from './settled';
export { voidOrder } from './void-order';
