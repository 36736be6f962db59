/** The module's public entry: what other modules may use (decision 018). */
export { smsRoutes } from './routes';
