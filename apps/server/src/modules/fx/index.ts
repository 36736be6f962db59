/** The module's public entry: what other modules may use (decision 018). */
export { quotedRate } from './quotes';
export { getRate } from './rates';
