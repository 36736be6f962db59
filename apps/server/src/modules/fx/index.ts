/** The module's public entry: what other modules may use (decision 018). */
export { holdRateFor, quotedRate, quotedRates } from './quotes';
export { getRate } from './rates';
export { fxRoutes } from './routes';
