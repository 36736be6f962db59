/** The module's public entry: what other modules may use (decision 018). */
export { disableFailingEndpoints } from './auto-disable';
export { webhooksPlugin } from './plugin';
