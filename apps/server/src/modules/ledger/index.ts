/** The module's public entry: what other modules may use (decision 018). */
export { captureCtes, holdCtes } from './order-statement-ctes';
export { ledgerPlugin } from './plugin';
export {
  closeOpenAccounts,
  ensureOrgAccounts,
  getBalance,
  hasAccount,
  LedgerInsufficientFunds,
  lockAvailableBalance,
  organisationBilling,
  type Posting,
  postEntry,
} from './repository';
