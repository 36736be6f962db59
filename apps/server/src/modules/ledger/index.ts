/** The module's public entry: what other modules may use (decision 018). */
export { ledgerPlugin } from './plugin';
export {
  ensureOrgAccounts,
  getBalance,
  hasAccount,
  LedgerInsufficientFunds,
  organisationBilling,
  type Posting,
  postEntry,
} from './repository';
