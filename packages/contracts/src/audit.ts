import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './auth';
import { listEnvelope, pageQueryFields } from './lists';

/**
 * Every action the audit log records, `area.verb`. The database checks only the shape (migration
 * 0063), so a feature adds its actions here, in its own group, and nowhere else.
 */
export const AUDIT_ACTIONS = [
  // AI agents over MCP (decision 074): an order placed with a key or an OAuth grant; a key's caps changed
  'agent.order_placed',
  'agent.caps_changed',
  // API keys (decision 026)
  'api_key.created',
  'api_key.used',
  'api_key.revoked',
  // Assistants' OAuth grants (decision 075): approved by an owner or admin; revoked by one, or by the
  // system when a code or refresh token is replayed
  'oauth_grant.created',
  'oauth_grant.revoked',
  // Webhook endpoints (decision 029): changed by a person or a key; disabled by the system after 5 days of failures
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.secret_rotated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.disabled',
  // Funds added to the balance (sandbox play money today; card top-ups with issue 17)
  'balance.topped_up',
  // Card funding with Stripe (decision 046): a checkout started; a refund or dispute debited the
  // balance; sending frozen by a shortfall and unfrozen once it is paid
  'balance.checkout_started',
  'balance.debited',
  'balance.frozen',
  'balance.unfrozen',
  // Members and roles (decision 032)
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'invitation.resent',
  'invitation.revoked',
  'ownership.transferred',
  // Sign-ins (issue 15): a password that worked, and one that did not for an existing account
  'auth.signed_in',
  'auth.sign_in_failed',
  // Profile and security (decision 037): recorded in the organisation the person was signed in to
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.recovery_codes_regenerated',
  'auth.email_changed',
  // The production instance's first operator, by the token printed at start (decision 056)
  'auth.operator_bootstrap_redeemed',
  // Organisation settings (issue 15, decision 033): before and after of what changed
  'organisation.updated',
  'organisation.logo_changed',
  'organisation.live_requested',
  'organisation.live_request_withdrawn',
  'organisation.went_live',
  'organisation.live_request_rejected',
  // Approvals (decision 035): rules changed (before and after), orders approved or rejected
  'approval_rules.updated',
  'order.approved',
  'order.rejected',
  // Unopened rewards voided (decision 039), by a person or a key
  'order.voided',
  // Rewards expired (decision 081): by the system, its unopened rewards voided and refunded
  'order.expired',
  // A delivered order sent to another address (decision 062), by a person or a key
  'order.recipient_changed',
  // Bulk batches (decision 043): accepted (rows, total, mode), approved or rejected as a whole
  'batch.created',
  'batch.approved',
  'batch.rejected',
  // Monthly budgets (decision 084): a member's or an API key's set (before and after) or cleared
  'budget.set',
  'budget.cleared',
  // Partial issuance (decision 058): an operator decided whether a reward in review was issued
  'reward.review_resolved',
  // Risk rules (decision 083): rules changed (before and after), held orders and rewards released
  // or blocked by a person (or an operator, for platform rules); platform rules changed
  'risk_rule.created',
  'risk_rule.updated',
  'risk_rule.deleted',
  'risk_review.released',
  'risk_review.blocked',
  // Platform rules (decision 090): an operator added or deleted one (before and after); the line is
  // in the audit log of the organisation the operator is signed in to, as the bootstrap's is
  'platform_risk_rule.created',
  'platform_risk_rule.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An action's area, the part before the first dot: `api_key`, `auth`, `organisation`. */
export const auditAreaOf = (action: string) => action.slice(0, action.indexOf('.'));
export const AUDIT_AREAS = [...new Set(AUDIT_ACTIONS.map(auditAreaOf))] as [string, ...string[]];

export const AuditActionSchema = z.enum(AUDIT_ACTIONS, { error: `must be one of ${AUDIT_ACTIONS.join(', ')}` });
export const AuditAreaSchema = z.enum(AUDIT_AREAS, { error: `must be one of ${AUDIT_AREAS.join(', ')}` });

export const AuditEventSchema = z.object({
  id: z.uuid(),
  action: AuditActionSchema,
  area: z.string(),
  created_at: z.string().meta({ description: 'When it happened (ISO 8601, UTC, milliseconds)' }),
  /** The person who acted; null for the system, an API key alone, or a user since deleted. */
  actor: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  api_key: z.object({ id: z.uuid(), name: z.string(), last_four: z.string() }).nullable(),
  /** What changed: for settings, `{changes: {field: {before, after}}}`; never a secret. */
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

const TIME_MESSAGE = 'must be a date-time such as 2026-01-31T12:00:00Z';
const isoTime = z.iso.datetime({ offset: true, error: TIME_MESSAGE }).transform((s) => new Date(s));

const auditFilterFields = {
  action: AuditActionSchema.optional(),
  area: AuditAreaSchema.optional(),
  actor_id: z.uuid('actor_id must be a user id').optional(),
  actor_email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, `actor_email must be at most ${EMAIL_MAX_LENGTH} characters`)
    .pipe(z.email({ error: 'actor_email must be an email address' }))
    .transform((v) => v.toLowerCase())
    .optional(),
  created_after: isoTime.optional(),
  created_before: isoTime.optional(),
};
const rangeInOrder = (q: { created_after?: Date; created_before?: Date }) =>
  !q.created_after || !q.created_before || q.created_after < q.created_before;
const RANGE_ISSUE = { path: ['created_before'], message: 'created_before must be after created_after' };

/** `GET /api/v1/audit-events`: newest first; every filter optional; time bounds exclusive. */
export const ListAuditEventsQuerySchema = z
  .object({ ...auditFilterFields, ...pageQueryFields })
  .refine(rangeInOrder, RANGE_ISSUE);
export type ListAuditEventsQuery = z.infer<typeof ListAuditEventsQuerySchema>;

/** `GET /api/v1/audit-events/export`: the same filters, every match. */
export const AuditEventsExportQuerySchema = z.object(auditFilterFields).refine(rangeInOrder, RANGE_ISSUE);
export type AuditEventsFilter = z.infer<typeof AuditEventsExportQuerySchema>;

export const ListAuditEventsResponseSchema = listEnvelope(AuditEventSchema);
export type ListAuditEventsResponse = z.infer<typeof ListAuditEventsResponseSchema>;

export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'action',
  'actor_email',
  'actor_id',
  'api_key',
  'detail',
] as const;
