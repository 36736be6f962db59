/** The module's public entry: what other modules may use (decision 018). */

export { auditPlugin } from './plugin';
export { type AuditEntry, auditActor, recordAudit, recordAudits } from './repository';
