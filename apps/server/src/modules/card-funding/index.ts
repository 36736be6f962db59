/** The module's public entry: what other modules may use (decision 018). */
export { cardFundingPlugin } from './plugin';
export { assertSendingAllowed } from './sending';
/** The one way money comes into a live balance: it pays a shortfall first, and unfreezes sending. */
export { type CreditResult, credit } from './settlement';
