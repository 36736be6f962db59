import type { AuditAction } from '@giftrelay/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

export interface AuditEntry {
  organisationId: string;
  action: AuditAction;
  /** The person who acted; null for the system or an API key acting alone. */
  userId: string | null;
  apiKeyId?: string | null;
  /** What changed, for the log: never a secret, a token or a password. */
  detail?: Record<string, unknown>;
}

/** Who acted, as the audit log records it: the person, or the API key (a key acts alone). */
export function auditActor(auth: { kind: 'session' | 'api_key'; userId: string | null; apiKeyId?: string }) {
  return auth.kind === 'session'
    ? { userId: auth.userId, apiKeyId: null }
    : { userId: null, apiKeyId: auth.apiKeyId ?? null };
}

/**
 * Appends one line to the organisation's audit log, in the caller's transaction so the line and
 * the change it records commit together (or not at all).
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, [entry]);
}

/** Many lines in one statement (a sweep's, decision 081), in the caller's transaction. */
export async function recordAudits(tx: Tx, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx
    .insertInto('audit_events')
    .values(
      entries.map((entry) => ({
        organisation_id: entry.organisationId,
        action: entry.action,
        actor_user_id: entry.userId,
        api_key_id: entry.apiKeyId ?? null,
        detail: JSON.stringify(entry.detail ?? {}),
      })),
    )
    .execute();
}
