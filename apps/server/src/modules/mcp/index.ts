/** The module's public entry: what other modules may use (decision 018). */
export { mcpPlugin } from './plugin';
