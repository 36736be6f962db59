import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { clearStaleKey, findKey, type KeyRecord, storeAnswer } from './repository';

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
    409,
    'IDEMPOTENCY_KEY_IN_USE',
    'A request with this Idempotency-Key is still being processed; retry shortly',
    undefined,
    { 'retry-after': '1' },
  );

/** What an earlier record of the key means for this request: its answer, a refusal, or 'stale'. */
export function answerFromRecord(
  existing: Pick<KeyRecord, 'request_hash' | 'state' | 'response_status' | 'response_body' | 'lock_active' | 'expired'>,
  requestHash: string,
): StoredAnswer | 'stale' {
  if (existing.expired) return 'stale';
  if (existing.request_hash !== requestHash) {
    throw new AppError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request; use a new key for a new request',
    );
  }
  if (existing.state === 'completed' && existing.response_status && existing.response_body) {
    return { status: existing.response_status, body: existing.response_body, replayed: true };
  }
  if (existing.lock_active) throw keyInUse();
  return 'stale';
}

/**
 * Decision 009 as one statement per request (docs/decisions/012): the caller's `attempt` writes
 * its effects and the key's answer together, under a transaction-scoped advisory lock on the key,
 * and reports what it found instead when the key is taken. This runs it, replays a key already
 * answered, says 409 while another execution holds the key, 422 for another body, and clears a
 * key that binds nobody any more (expired, or left in progress by an older version that died).
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
    if (answer !== 'stale') return answer;
    if (tries > 0) throw keyInUse();
    await clearStaleKey(db, k.organisationId, k.key);
  }
}

/**
 * A typed refusal (4xx) found before anything was written is the key's answer too, like Stripe: a
 * retry gets the same refusal. Unless the key already has an answer, which wins.
 */
export async function storeRefusal(db: Kysely<Database>, k: IdempotencyKey, err: AppError): Promise<StoredAnswer> {
  const body = JSON.stringify({ success: false, error: err.message, code: err.code });
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
