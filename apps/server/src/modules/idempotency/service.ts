import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { clearExpiredKey, findKey, type KeyRecord, storeAnswer } from './repository';

/** How long an answer is kept for replay: the API promises at least 24 hours. */
export const KEEP_HOURS = 48;

export interface StoredAnswer {
  status: number;
  /** The JSON text sent, kept so a replay is byte for byte the same. */
  body: string;
  replayed: boolean;
}

/**
 * A fingerprint of what was asked: the route and the body with its keys sorted, so the same
 * request serialised differently is still the same request.
 */
export function requestFingerprint(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\0').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface IdempotencyKey {
  organisationId: string;
  key: string;
  requestHash: string;
}

export const keyInUse = () =>
  new AppError(
    'IDEMPOTENCY_KEY_IN_USE',
    'A request with this Idempotency-Key is still being processed; retry shortly',
    undefined,
    { 'retry-after': '1' },
  );

/**
 * What an earlier record of the key means for this request: its answer replayed, 422 for another
 * body, or 'expired' (it binds nobody any more). A record always holds its answer: a running
 * execution is marked by its advisory lock, never by a row (decision 023).
 */
export function answerFromRecord(existing: KeyRecord, requestHash: string): StoredAnswer | 'expired' {
  if (existing.expired) return 'expired';
  if (existing.request_hash !== requestHash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request; use a new key for a new request',
    );
  }
  return { status: existing.response_status, body: existing.response_body, replayed: true };
}

/**
 * Decision 009 as one statement per request (docs/decisions/012): the caller's `attempt` writes
 * its effects and the key's answer together, under a transaction-scoped advisory lock on the key,
 * and reports what it found instead when the key is taken. This runs it, replays a key already
 * answered, says 409 while another execution holds the key, 422 for another body, and clears an
 * expired key's record before trying again.
 */
export async function withIdempotencyKey(
  db: Kysely<Database>,
  k: IdempotencyKey,
  attempt: () => Promise<StoredAnswer | { inUse: true } | { existing: KeyRecord }>,
): Promise<StoredAnswer> {
  for (let tries = 0; ; tries++) {
    let outcome: Awaited<ReturnType<typeof attempt>>;
    try {
      outcome = await attempt();
    } catch (err) {
      // Another request with the key committed between this statement's snapshot and its insert.
      if (!isKeyConflict(err)) throw err;
      const existing = await findKey(db, k.organisationId, k.key);
      outcome = existing ? { existing } : { inUse: true };
    }
    if ('status' in outcome) return outcome;
    if ('inUse' in outcome) throw keyInUse();
    const answer = answerFromRecord(outcome.existing, k.requestHash);
    if (answer !== 'expired') return answer;
    if (tries > 0) throw keyInUse();
    await clearExpiredKey(db, k.organisationId, k.key);
  }
}

/**
 * A typed refusal (4xx) found before anything was written is the key's answer too, like Stripe: a
 * retry gets the same refusal. Unless the key already has an answer, which wins.
 */
export async function storeRefusal(db: Kysely<Database>, k: IdempotencyKey, err: AppError): Promise<StoredAnswer> {
  // The standard error body, details and all, so a retry gets the refusal the first request got.
  const body = JSON.stringify(
    err.details
      ? { success: false, error: err.message, code: err.code, details: err.details }
      : { success: false, error: err.message, code: err.code },
  );
  return withIdempotencyKey(db, k, async () => {
    if (await storeAnswer(db, { ...k, status: err.statusCode, body, keepHours: KEEP_HOURS }))
      return { status: err.statusCode, body, replayed: false };
    const existing = await findKey(db, k.organisationId, k.key);
    return existing ? { existing } : { inUse: true };
  });
}

function isKeyConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; table?: string };
  return e?.code === '23505' && (e.constraint === 'idempotency_keys_pkey' || e.table === 'idempotency_keys');
}

/** A key of the request, or none when the caller sent no Idempotency-Key. */
export function keyFor(
  organisationId: string,
  idempotencyKey: string | undefined,
  route: string,
  body: unknown,
): IdempotencyKey | undefined {
  return idempotencyKey
    ? { organisationId, key: idempotencyKey, requestHash: requestFingerprint(route, body) }
    : undefined;
}

/**
 * The key's earlier answer, replayed (or 422 for another body), before the request does anything,
 * rate limits included: undefined when the key has none yet (or none that still binds).
 */
export async function earlierAnswer(db: Kysely<Database>, k: IdempotencyKey | undefined) {
  if (!k) return undefined;
  const existing = await findKey(db, k.organisationId, k.key);
  if (!existing) return undefined;
  const answer = answerFromRecord(existing, k.requestHash);
  return answer === 'expired' ? undefined : answer;
}

/**
 * The key's stored answer, rewritten with what the request finally answered, when work after the
 * answer's transaction (a provider's call, which no transaction may wait on) changed what it says:
 * a replay then answers as the first request did. Same status; only a stored answer is touched.
 */
export async function replaceAnswer(db: Kysely<Database>, k: IdempotencyKey, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_body: body })
    .where('organisation_id', '=', k.organisationId)
    .where('key', '=', k.key)
    .where('request_hash', '=', k.requestHash)
    .execute();
}

/**
 * A refusal kept for the key: a 4xx that will answer the same however often it is retried. A
 * conflict with the resource's state (409) and a rate limit (429) pass, so they are not kept.
 */
export const keepsRefusal = (err: unknown): err is AppError =>
  err instanceof AppError && err.statusCode >= 400 && err.statusCode < 500 && ![409, 429].includes(err.statusCode);

/**
 * Runs `work` (its writes in `tx`) and stores its answer for the key in the same transaction,
 * under the same transaction-scoped advisory lock on (organisation, key) as an order's statement
 * (place-order-statement.ts): a concurrent request with the key gets 409, one after the commit
 * the stored answer (or 422 for another body), and a typed refusal from `work` is stored as the
 * key's answer with nothing else written (decision 017). Without a key, `work` just runs in a
 * transaction.
 */
export async function runOnce(
  db: Kysely<Database>,
  k: IdempotencyKey | undefined,
  work: (tx: Transaction<Database>) => Promise<{ status: number; body: string }>,
): Promise<StoredAnswer> {
  if (!k) return { ...(await db.transaction().execute(work)), replayed: false };
  try {
    return await db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ got: boolean }>`
        SELECT pg_try_advisory_xact_lock(hashtextextended(${k.organisationId}::text || ':' || ${k.key}::text, 0)) AS got`.execute(
        tx,
      );
      if (!rows[0]?.got) throw keyInUse();
      const existing = await findKey(tx, k.organisationId, k.key);
      if (existing) {
        const answer = answerFromRecord(existing, k.requestHash);
        if (answer !== 'expired') return answer;
        await clearExpiredKey(tx, k.organisationId, k.key);
      }
      const done = await work(tx);
      // The lock keeps every other writer of the key out, so this insert cannot find one.
      if (!(await storeAnswer(tx, { ...k, status: done.status, body: done.body, keepHours: KEEP_HOURS })))
        throw keyInUse();
      return { ...done, replayed: false };
    });
  } catch (err) {
    if (keepsRefusal(err) && !err.code.startsWith('IDEMPOTENCY_')) return storeRefusal(db, k, err);
    throw err;
  }
}
