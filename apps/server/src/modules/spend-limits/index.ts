/** The module's public entry: what other modules may use (decision 018). */
export { apiKeyBudgets, budgetOf, memberBudgets } from './budgets';
export * as spendGuard from './guard';
export {
  type CapStanding,
  checkCaps,
  checkRecipientDomain,
  type Guardrails,
  NO_GUARDRAILS,
  type SpendCaps,
  startOfUtcDay,
  startOfUtcMonth,
} from './limits';
export { spendLimitsPlugin } from './plugin';
export { organisationHasKey, type Spender, spentSince } from './repository';
