/** The module's public entry: what other modules may use (decision 018). */
export { countryOf, holdAtClaim } from './claim';
export { riskPlugin } from './plugin';
