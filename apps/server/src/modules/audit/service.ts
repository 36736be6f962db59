import {
  AUDIT_EXPORT_COLUMNS,
  type AuditEvent,
  type AuditEventsFilter,
  auditAreaOf,
  canManageOrganisation,
  type ListAuditEventsQuery,
  listPage,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { CSV_BOM, csvRow } from '../../lib/csv';
import { createdAtListing, paginate } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import type { SessionAuth } from '../../plugins/auth';
import { type AuditRow, listAuditEvents } from './list';

const LISTING = createdAtListing('audit-events');
const EXPORT_BATCH = 2000;

/** Owners and admins read the audit log (ORGANISATION_MANAGER_ROLES, for the central role table to take over). */
export function requireAuditReader(auth: SessionAuth) {
  if (!canManageOrganisation(auth.role))
    throw new AppError('FORBIDDEN', 'Only owners and admins can read the audit log');
}

function present(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    action: row.action,
    area: auditAreaOf(row.action),
    created_at: row.created_at.toISOString(),
    actor: row.actor_user_id && row.actor_email ? { id: row.actor_user_id, email: row.actor_email } : null,
    api_key:
      row.api_key_id && row.api_key_name
        ? { id: row.api_key_id, name: row.api_key_name, last_four: row.api_key_last_four ?? '' }
        : null,
    detail: row.detail,
  };
}

export async function listAudit(app: FastifyInstance, auth: SessionAuth, q: ListAuditEventsQuery) {
  requireAuditReader(auth);
  const { page, nextCursor } = await paginate(app.cursors, LISTING, q, (range) =>
    listAuditEvents(app.db, auth.organisationId, q, range),
  );
  return { success: true as const, ...listPage(page.map(present), nextCursor) };
}

/** Every matching line as CSV, newest first, in keyset batches (memory stays flat). */
export async function* exportAudit(
  app: FastifyInstance,
  auth: SessionAuth,
  filter: AuditEventsFilter,
): AsyncGenerator<string> {
  requireAuditReader(auth);
  yield CSV_BOM + csvRow(AUDIT_EXPORT_COLUMNS);
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await listAuditEvents(app.db, auth.organisationId, filter, { limit: EXPORT_BATCH, after });
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      chunk += csvRow([
        r.id,
        r.created_at.toISOString(),
        r.action,
        r.actor_email,
        r.actor_user_id,
        r.api_key_name ? `${r.api_key_name} (…${r.api_key_last_four ?? ''})` : null,
        JSON.stringify(r.detail),
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1] as AuditRow;
    after = { createdAt: last.created_at, id: last.id };
  }
}
