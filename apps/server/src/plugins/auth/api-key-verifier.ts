import type { ApiKeyScope } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { hashApiKey, isApiKeyShaped } from '../../lib/api-key-secret';
import { apiKeyEnded } from './credentials';

export interface KnownKey {
  id: string;
  organisationId: string;
  scopes: ApiKeyScope[];
  createdBy: string | null;
  /** Epoch milliseconds, or null for never. */
  expiresAt: number | null;
}

/**
 * Finds API keys by the SHA-256 of the key (decision 026). `lookUp` asks the database every time
 * and finds only live keys; `recall` remembers a live key's fixed facts (organisation, scopes,
 * expiry) for a few minutes, for routes whose own statement checks revocation. `touch` records a
 * key's use: at most once a minute per key and process, after the answer, never awaited by it.
 */
export function apiKeyVerifier(app: FastifyInstance) {
  const query = app.db
    .selectFrom('api_keys')
    .select(['id', 'organisation_id', 'scopes', 'created_by', 'expires_at'])
    .where('key_hash', '=', sql<string>`$1`)
    .where('revoked_at', 'is', null)
    .where(sql<boolean>`(expires_at IS NULL OR expires_at > now())`)
    .compile();
  const refuse = () => apiKeyEnded();

  async function lookUp(token: string): Promise<KnownKey> {
    if (!isApiKeyShaped(token)) throw refuse();
    type Row = {
      id: string;
      organisation_id: string;
      scopes: ApiKeyScope[];
      created_by: string | null;
      expires_at: Date | null;
    };
    const [row] = (await app.database.query<Row>(query.sql, [hashApiKey(token)], 'auth_api_key')).rows;
    if (!row) throw refuse();
    return {
      id: row.id,
      organisationId: row.organisation_id,
      scopes: row.scopes,
      createdBy: row.created_by,
      expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : null,
    };
  }

  // Keyed by the key's hash, so no key sits in memory longer than its request.
  const known = new LRUCache<string, KnownKey, string>({
    max: 10_000,
    ttl: 5 * 60_000,
    fetchMethod: (_hash, _stale, { context }) => lookUp(context),
  });

  const touched = new LRUCache<string, number>({ max: 10_000 });
  const pending = new Set<Promise<unknown>>();
  // The first use of a UTC day is audited; later ones only move last_used_at (once a minute).
  const touchText = `WITH b AS (SELECT id, organisation_id, last_used_at AS before FROM api_keys WHERE id = $1::uuid),
u AS (
  UPDATE api_keys k SET last_used_at = now() FROM b
  WHERE k.id = b.id AND k.revoked_at IS NULL
    AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute')
  RETURNING k.id, k.organisation_id, b.before
)
INSERT INTO audit_events (organisation_id, action, api_key_id)
SELECT organisation_id, 'api_key.used', id FROM u
WHERE before IS NULL OR before < date_trunc('day', now())`;
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  return {
    lookUp,
    async recall(token: string): Promise<KnownKey> {
      if (!isApiKeyShaped(token)) throw refuse();
      const key = await known.fetch(hashApiKey(token), { context: token });
      if (!key) throw refuse();
      if (key.expiresAt !== null && key.expiresAt <= Date.now()) throw refuse();
      return key;
    },
    touch(id: string) {
      const now = Date.now();
      const last = touched.get(id);
      if (last !== undefined && now - last < 60_000) return;
      touched.set(id, now);
      const done: Promise<unknown> = app.database
        .query(touchText, [id], 'api_key_touch')
        .catch((err: unknown) => app.log.warn({ err }, 'could not record an API key’s use'))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
  };
}
