import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit';

type Tx = Kysely<Database> | Transaction<Database>;

/** Audit lines for grants, in the caller's transaction: never a token, only what was granted. */
export function auditGrantCreated(
  tx: Tx,
  g: { organisationId: string; grantId: string; userId: string; clientName: string; mode: string; scopes: string[] },
) {
  return recordAudit(tx, {
    organisationId: g.organisationId,
    action: 'oauth_grant.created',
    userId: g.userId,
    detail: { grant_id: g.grantId, client_name: g.clientName, mode: g.mode, scopes: g.scopes.join(' ') },
  });
}

export function auditGrantRevoked(
  tx: Tx,
  g: { organisationId: string; grantId: string; userId: string | null; reason: string; clientName?: string },
) {
  return recordAudit(tx, {
    organisationId: g.organisationId,
    action: 'oauth_grant.revoked',
    userId: g.userId,
    detail: { grant_id: g.grantId, reason: g.reason, ...(g.clientName ? { client_name: g.clientName } : {}) },
  });
}
