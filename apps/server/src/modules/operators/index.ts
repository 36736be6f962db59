/** The module's public entry: what other modules may use (decision 018). */

export { prepareOperatorBootstrap } from './bootstrap';
export { alertLowProviderFunds } from './provider-funds';
export { claimFirstOperator, listOperatorEmails } from './repository';
export { operatorRoutes } from './routes';
export { isOperatorRequest, operatorGuard, requireOperator } from './service';
