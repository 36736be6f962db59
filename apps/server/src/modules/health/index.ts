/** The module's public entry: what other modules may use (decision 018). */
export { probeRoutes } from './probes';
export { healthRoutes } from './routes';
