/** The module's public entry: what other modules may use (decision 018). */
export { isRecipientLimitViolation, type RecipientCtes, reserveRecipientsCtes } from './order-statement-ctes';
export { orderRecipientLimit, reserveSandboxRecipients, sandboxRecipientAllowance } from './service';
