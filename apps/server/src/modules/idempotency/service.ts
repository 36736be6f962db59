import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { claimKey, completeKey, findKey, releaseKey, takeOverKey } from './repository';

/** How long one execution may hold a key before a retry may assume it died. */
const LOCK_SECONDS = 60;
/** How long an answer is kept for replay: the API promises at least 24 hours. */
const KEEP_HOURS = 48;

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

export interface ClaimedKey {
  organisationId: string;
  key: string;
}

/**
 * Runs `execute` at most once per (organisation, key). `execute` gets the claimed key and must
 * store its answer on it inside its own business transaction (completeKey, or the builder from
 * completeKeyQuery inside a larger statement), so the answer commits with what it wrote. A
 * typed client error (4xx) thrown by `execute` is stored as the
 * answer too; anything else frees the key so a retry can run again.
 */
export async function runIdempotent(
  db: Kysely<Database>,
  k: { organisationId: string; key: string; requestHash: string },
  execute: (claimed: ClaimedKey) => Promise<{ status: number; body: string }>,
): Promise<StoredAnswer> {
  const args = { ...k, lockSeconds: LOCK_SECONDS, keepHours: KEEP_HOURS };
  let owned = await claimKey(db, args);
  if (!owned) {
    const existing = await findKey(db, k.organisationId, k.key);
    if (existing && !existing.expired) {
      if (existing.request_hash !== k.requestHash) {
        throw new AppError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used with a different request; use a new key for a new request',
        );
      }
      if (existing.state === 'completed' && existing.response_status && existing.response_body) {
        return { status: existing.response_status, body: existing.response_body, replayed: true };
      }
      if (existing.lock_active) {
        throw new AppError(
          409,
          'IDEMPOTENCY_KEY_IN_USE',
          'A request with this Idempotency-Key is still being processed; retry shortly',
          undefined,
          {
            'retry-after': '1',
          },
        );
      }
    }
    owned = await takeOverKey(db, args);
    if (!owned) {
      throw new AppError(
        409,
        'IDEMPOTENCY_KEY_IN_USE',
        'A request with this Idempotency-Key is still being processed; retry shortly',
        undefined,
        {
          'retry-after': '1',
        },
      );
    }
  }
  try {
    const answer = await execute({ organisationId: k.organisationId, key: k.key });
    return { ...answer, replayed: false };
  } catch (err) {
    if (err instanceof AppError && err.statusCode >= 400 && err.statusCode < 500) {
      const body = JSON.stringify({ success: false, error: err.message, code: err.code });
      await completeKey(db, { organisationId: k.organisationId, key: k.key, status: err.statusCode, body });
      return { status: err.statusCode, body, replayed: false };
    }
    await releaseKey(db, k.organisationId, k.key).catch(() => {});
    throw err;
  }
}
