import { AUDIT_ACTIONS, AUDIT_AREAS, type AuditAction, type AuditEvent, auditAreaOf } from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';

export const AREA_LABELS: Record<string, string> = {
  auth: 'Sign-ins and security',
  organisation: 'Organisation settings',
  api_key: 'API keys',
  oauth_grant: 'Connected apps',
  approval_rules: 'Approval rules',
  order: 'Orders',
  webhook_endpoint: 'Webhooks',
  balance: 'Balance',
  member: 'Members',
  invitation: 'Invitations',
  ownership: 'Ownership',
  batch: 'Batches',
  budget: 'Budgets',
  risk_rule: 'Risk rules',
  risk_review: 'Risk reviews',
  platform_risk_rule: 'Platform risk rules',
};
export const areaLabel = (area: string) => AREA_LABELS[area] ?? area.replace(/_/g, ' ');

const ACTION_LABELS: Partial<Record<AuditAction, string>> = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.two_factor_enabled': 'Turned on two-factor sign-in',
  'auth.two_factor_disabled': 'Turned off two-factor sign-in',
  'auth.recovery_codes_regenerated': 'Made new recovery codes',
  'auth.email_changed': 'Changed their email',
  'auth.operator_bootstrap_redeemed': 'Became the first platform operator (bootstrap token)',
  'organisation.updated': 'Changed settings',
  'organisation.logo_changed': 'Changed the logo',
  'organisation.live_requested': 'Asked to go live',
  'organisation.live_request_withdrawn': 'Withdrew the request to go live',
  'organisation.went_live': 'Went live (approved by GiftRelay)',
  'organisation.live_request_rejected': 'Request to go live refused by GiftRelay',
  'api_key.created': 'Created an API key',
  'api_key.used': 'Used an API key',
  'api_key.revoked': 'Revoked an API key',
  'oauth_grant.created': 'Connected an app (OAuth)',
  'oauth_grant.revoked': 'Disconnected an app (OAuth)',
  'approval_rules.updated': 'Changed the approval rules',
  'order.approved': 'Approved an order',
  'order.voided': 'Voided unopened rewards',
  'order.expired': 'Rewards expired (unopened ones refunded)',
  'batch.created': 'Sent a batch',
  'batch.approved': 'Approved a batch',
  'batch.rejected': 'Rejected a batch',
  'order.rejected': 'Rejected an order',
  'webhook_endpoint.created': 'Added a webhook endpoint',
  'webhook_endpoint.updated': 'Changed a webhook endpoint',
  'webhook_endpoint.secret_rotated': 'Rotated a webhook secret',
  'webhook_endpoint.deleted': 'Deleted a webhook endpoint',
  'webhook_endpoint.disabled': 'Webhook endpoint disabled after failures',
  'balance.topped_up': 'Added funds',
  'member.invited': 'Invited a member',
  'member.joined': 'Joined',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'invitation.resent': 'Resent an invitation',
  'invitation.revoked': 'Revoked an invitation',
  'ownership.transferred': 'Transferred ownership',
  'risk_rule.created': 'Added a risk rule',
  'risk_rule.updated': 'Changed a risk rule',
  'risk_rule.deleted': 'Deleted a risk rule',
  'risk_review.released': 'Released a held reward',
  'risk_review.blocked': 'Blocked a held reward',
  'platform_risk_rule.created': 'Added a platform risk rule (operator)',
  'platform_risk_rule.deleted': 'Deleted a platform risk rule (operator)',
};
export const actionLabel = (action: string) => ACTION_LABELS[action as AuditAction] ?? action;

export const AREAS = AUDIT_AREAS;
export const actionsIn = (area: string | undefined) => AUDIT_ACTIONS.filter((a) => !area || auditAreaOf(a) === area);

export interface AuditFilters {
  area?: string;
  action?: string;
  actorEmail?: string;
  /** Local dates, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

/** The API query for the filters: dates become exclusive instants around whole local days. */
export function filterQuery(f: AuditFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.area) q.set('area', f.area);
  if (f.action) q.set('action', f.action);
  if (f.actorEmail?.trim()) q.set('actor_email', f.actorEmail.trim());
  if (f.from) q.set('created_after', new Date(new Date(`${f.from}T00:00:00`).getTime() - 1).toISOString());
  if (f.to) {
    const end = new Date(`${f.to}T00:00:00`);
    end.setDate(end.getDate() + 1);
    q.set('created_before', end.toISOString());
  }
  return q;
}

/** Names people read for the detail fields the audit lines carry; others are spelled out from the key. */
const DETAIL_LABELS: Record<string, string> = {
  amount_minor: 'Amount',
  fee_minor: 'Fee',
  paid_minor: 'Paid',
  shortfall_minor: 'Shortfall',
  low_balance_threshold_minor: 'Low-balance alert below',
  sandbox_balance_closed_minor: 'Sandbox balance closed',
  above_usd_minor: 'Approval above',
  monthly_cap_usd_minor: 'Monthly cap per sender',
  every_sender_order: 'Every sender order',
  waits_for_approval: 'Waits for approval',
  brand_color: 'Brand colour',
  reward_expiry_days: 'Rewards expire after (days)',
  reply_to: 'Reply-to',
  sender_name: 'Sender name',
  default_message: 'Default message',
  event_types: 'Events',
  url: 'URL',
  batch_id: 'Batch',
  order_id: 'Order',
  endpoint_id: 'Endpoint',
  request_id: 'Request',
  checkout_id: 'Checkout',
  bank_reference: 'Bank reference',
  revoked_test_keys: 'Test keys revoked',
  rows: 'Rows',
  valid: 'Ready to send',
  ip: 'IP address',
  user_agent: 'Device',
};

/** Values that are codes in the API, as words. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  mode: { all_or_nothing: 'all or nothing', send_what_fits: 'send what fits' },
};

/** "low_balance_threshold_minor" → its label, or "Some field" spelled out from the key. */
export function detailLabel(key: string): string {
  const known = DETAIL_LABELS[key];
  if (known) return known;
  const words = key.replace(/(_usd)?_minor$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A detail's value as people read it: minor units as money in the one money format (`…_usd_minor`
 * in USD, others in the line's own currency or the organisation's), yes/no, lists joined.
 */
function showValue(key: string, v: unknown, currency: string): string {
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'number' && /_minor$/.test(key)) return formatMoney(v, /_usd_minor$/.test(key) ? 'USD' : currency);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return v.length ? v.map(String).join(', ') : 'none';
  if (typeof v === 'object') return describeObject(v as Record<string, unknown>);
  return VALUE_LABELS[key]?.[String(v)] ?? String(v);
}

/**
 * One line of what changed, in words: "Sender name: Acme → Acme Inc; Low-balance alert below:
 * $50.00 → $100.00". `currency` is the organisation's billing currency, for amounts whose line
 * does not name one.
 */
export function describeDetail(e: AuditEvent, billingCurrency = 'USD'): string {
  const currency = typeof e.detail.currency === 'string' ? e.detail.currency : billingCurrency;
  const changes = e.detail.changes as Record<string, { before: unknown; after: unknown }> | undefined;
  if (changes) {
    return Object.entries(changes)
      .map(
        ([field, c]) =>
          `${detailLabel(field)}: ${showValue(field, c.before, currency)} → ${showValue(field, c.after, currency)}`,
      )
      .join('; ');
  }
  const parts = Object.entries(e.detail)
    // The currency is said by the amounts themselves.
    .filter(([k]) => k !== 'currency' || !Object.keys(e.detail).some((other) => /_minor$/.test(other)))
    .map(([k, v]) => `${detailLabel(k)}: ${showValue(k, v, currency)}`);
  if (e.api_key) parts.unshift(`Key: ${e.api_key.name} (…${e.api_key.last_four})`);
  return parts.join('; ');
}

function describeObject(o: Record<string, unknown>): string {
  if (o.media_type) return `${o.media_type === 'image/png' ? 'PNG' : 'SVG'} ${o.width}×${o.height}`;
  return JSON.stringify(o);
}
