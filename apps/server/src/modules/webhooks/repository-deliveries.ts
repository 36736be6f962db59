import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Transaction<Database> | Kysely<Database>;
export type DeliveryRow = Selectable<Database['webhook_deliveries']>;
export type AttemptRow = Selectable<Database['webhook_attempts']>;

/** Takes up to `limit` deliveries no job was made for yet, marking them queued (the caller's transaction makes the jobs). */
export async function takeUnqueued(tx: Tx, limit: number): Promise<{ id: string }[]> {
  const { rows } = await sql<{ id: string }>`
    UPDATE webhook_deliveries SET queued = true
    WHERE id IN (SELECT id FROM webhook_deliveries WHERE NOT queued ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id`.execute(tx);
  return rows;
}

/** What one attempt needs: the delivery, its endpoint, its event and whether its organisation is a sandbox. */
export async function loadForAttempt(tx: Tx, deliveryId: string) {
  return tx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .innerJoin('organisations as o', 'o.id', 'd.organisation_id')
    .select([
      'd.id',
      'd.organisation_id',
      'o.sandbox',
      'd.status',
      'd.attempts',
      'd.claim_expires_at',
      'w.id as endpoint_id',
      'w.url',
      'w.enabled',
      'w.secret_encrypted',
      'w.previous_secret_encrypted',
      'w.previous_secret_expires_at',
      'e.id as event_id',
      'e.type as event_type',
      'e.created_at as event_created_at',
      'e.data as event_data',
    ])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}

/**
 * Claims attempt `attempt` of a pending delivery for `holdMs` (migration 0094): true when this run
 * may post it. False when the delivery has moved past that attempt, or when another run holds an
 * unexpired claim on it; a lapsed claim (its worker died) is taken over.
 */
export async function claimAttempt(tx: Tx, deliveryId: string, attempt: number, holdMs: number): Promise<boolean> {
  const updated = await tx
    .updateTable('webhook_deliveries')
    .set({
      claimed_attempt: attempt,
      claim_expires_at: sql<Date>`now() + make_interval(secs => ${holdMs / 1000})`,
    })
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .where('attempts', '=', attempt - 1)
    .where((eb) =>
      eb.or([eb('claimed_attempt', 'is distinct from', attempt), eb('claim_expires_at', '<=', sql<Date>`now()`)]),
    )
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/**
 * Records attempt number `attempt` and the delivery's new state, only if no other run recorded that
 * attempt first (a job run twice records once); false when one did.
 */
export async function recordAttempt(
  tx: Tx,
  a: {
    deliveryId: string;
    attempt: number;
    status: 'pending' | 'succeeded' | 'failed';
    attemptedAt: Date;
    statusCode: number | null;
    durationMs: number;
    excerpt: string | null;
    error: string | null;
    nextRetryAt: Date | null;
  },
): Promise<boolean> {
  const updated = await tx
    .updateTable('webhook_deliveries')
    .set({ attempts: a.attempt, status: a.status, last_attempt_at: a.attemptedAt, next_attempt_at: a.nextRetryAt })
    .where('id', '=', a.deliveryId)
    .where('attempts', '=', a.attempt - 1)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  await tx
    .insertInto('webhook_attempts')
    .values({
      delivery_id: a.deliveryId,
      attempted_at: a.attemptedAt,
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      response_excerpt: a.excerpt,
      error: a.error,
      next_retry_at: a.nextRetryAt,
    })
    .execute();
  return true;
}

/** A new delivery of `eventId` to the endpoint (a replay or a test event): a new chain, the same webhook-id. */
export async function insertDelivery(
  tx: Tx,
  d: { organisationId: string; endpointId: string; eventId: string },
): Promise<DeliveryRow> {
  return tx
    .insertInto('webhook_deliveries')
    .values({ organisation_id: d.organisationId, endpoint_id: d.endpointId, event_id: d.eventId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A new delivery to the endpoint for each event created since `since` (oldest first, at most
 * `limit`) whose deliveries there all failed; returns how many there were, up to `limit`. A
 * delivery is made after its event, so `d.created_at >= since` lets the endpoint's index narrow
 * the scan.
 */
export async function replayFailedSince(
  tx: Tx,
  r: { organisationId: string; endpointId: string; since: Date; limit: number },
): Promise<number> {
  const { rows } = await sql<{ found: number }>`
    WITH candidates AS (
      SELECT e.id, e.created_at
      FROM events e
      WHERE e.organisation_id = ${r.organisationId}
        AND e.created_at >= ${r.since}
        AND EXISTS (
          SELECT 1 FROM webhook_deliveries d
          WHERE d.endpoint_id = ${r.endpointId} AND d.event_id = e.id AND d.status = 'failed'
            AND d.created_at >= ${r.since})
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries d
          WHERE d.endpoint_id = ${r.endpointId} AND d.event_id = e.id AND d.status IN ('pending', 'succeeded'))
      ORDER BY e.created_at, e.id
      LIMIT ${r.limit}
    ), inserted AS (
      INSERT INTO webhook_deliveries (organisation_id, endpoint_id, event_id)
      SELECT ${r.organisationId}, ${r.endpointId}, c.id FROM candidates c
      ORDER BY c.created_at, c.id
      LIMIT ${r.limit - 1}
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM candidates)::int AS found, (SELECT count(*) FROM inserted)::int AS queued`.execute(tx);
  return rows[0]?.found ?? 0;
}

export interface DeliveryFilter {
  endpointId: string;
  status?: DeliveryRow['status'];
  eventType?: string;
  limit: number;
  after?: { createdAt: Date; id: string };
}

/** The endpoint's deliveries, newest first, with their event's type. */
export async function listDeliveries(tx: Tx, f: DeliveryFilter) {
  let query = tx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select('e.type as event_type')
    .where('d.endpoint_id', '=', f.endpointId);
  if (f.status) query = query.where('d.status', '=', f.status);
  if (f.eventType) query = query.where('e.type', '=', f.eventType);
  if (f.after) {
    const { createdAt, id } = f.after;
    query = query.where((eb) =>
      eb.or([eb('d.created_at', '<', createdAt), eb.and([eb('d.created_at', '=', createdAt), eb('d.id', '<', id)])]),
    );
  }
  return query.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(f.limit).execute();
}

export async function listAttempts(tx: Tx, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return tx.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('id').execute();
}
