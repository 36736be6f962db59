/** The module's public entry: what other modules may use (decision 018). */
export { riskBlocked, riskForOrder } from './held-order';
export { isDisposableDomain, riskOrderInputs, sandboxTrigger } from './order-inputs';
export { riskPlugin } from './plugin';
