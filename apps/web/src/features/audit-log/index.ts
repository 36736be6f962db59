export { AuditLogSection } from './components/audit-log-section';
