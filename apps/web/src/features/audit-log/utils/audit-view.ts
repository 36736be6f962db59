import { AUDIT_ACTIONS, AUDIT_AREAS, type AuditAction, type AuditEvent, auditAreaOf } from '@giftrelay/contracts';

export const AREA_LABELS: Record<string, string> = {
  auth: 'Sign-ins and security',
  organisation: 'Organisation settings',
  api_key: 'API keys',
  approval_rules: 'Approval rules',
  order: 'Orders',
  webhook_endpoint: 'Webhooks',
  balance: 'Balance',
  member: 'Members',
  invitation: 'Invitations',
  ownership: 'Ownership',
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
  'approval_rules.updated': 'Changed the approval rules',
  'order.approved': 'Approved an order',
  'order.voided': 'Voided unopened rewards',
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

/** One line of what changed: "name: Acme → Acme Inc; brand colour: none → #0f766e". */
export function describeDetail(e: AuditEvent): string {
  const changes = e.detail.changes as Record<string, { before: unknown; after: unknown }> | undefined;
  const show = (v: unknown) =>
    v === null || v === undefined
      ? 'none'
      : typeof v === 'object'
        ? describeObject(v as Record<string, unknown>)
        : String(v);
  if (changes) {
    return Object.entries(changes)
      .map(([field, c]) => `${field.replace(/_/g, ' ')}: ${show(c.before)} → ${show(c.after)}`)
      .join('; ');
  }
  const parts = Object.entries(e.detail).map(([k, v]) => `${k.replace(/_/g, ' ')}: ${show(v)}`);
  if (e.api_key) parts.unshift(`key: ${e.api_key.name} (…${e.api_key.last_four})`);
  return parts.join('; ');
}

function describeObject(o: Record<string, unknown>): string {
  if (o.media_type) return `${o.media_type === 'image/png' ? 'PNG' : 'SVG'} ${o.width}×${o.height}`;
  return JSON.stringify(o);
}
