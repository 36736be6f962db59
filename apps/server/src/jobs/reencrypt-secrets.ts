import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { currentPrefix, decryptSecret, encryptSecret, type KeyRing } from '../lib/crypto';

export const REENCRYPT_QUEUE = 'secrets.reencrypt';
const BATCH = 500;

export interface ReencryptResult {
  /** Rewards, webhook endpoints and authenticators whose secrets were rewritten with the current key in this run. */
  rewritten: number;
  /**
   * Secrets still under another key, counted again after the run (a row written meanwhile by a
   * process on the old configuration, one changed under the run, or one whose key is not configured).
   */
  remaining: number;
  /** Of those, the ones under a key this process does not have: no run can rewrite them. */
  unreadable: number;
  /** Whether the count after the run is 0: only then may an old key be removed. */
  done: boolean;
}

/** The key a stored secret names: `legacy` for v1, else its id. */
const KEY_OF = (column: string) =>
  sql<string>`CASE WHEN ${sql.ref(column)} LIKE 'v1.%' THEN 'legacy' ELSE split_part(${sql.ref(column)}, '.', 2) END`;

/** How many stored secrets each key wrote, across every table that keeps them under the ring. */
export async function secretsByKey(db: Kysely<Database>): Promise<Map<string, number>> {
  const parts = [
    ...SECRET_COLUMNS.map((c) => ({ table: 'rewards', column: c })),
    { table: 'webhook_endpoints', column: 'secret_encrypted' },
    { table: 'webhook_endpoints', column: 'previous_secret_encrypted' },
    { table: 'user_two_factor', column: 'secret' },
  ];
  const union = sql.join(
    parts.map(
      (p) =>
        sql`SELECT ${KEY_OF(p.column)} AS key, count(*)::int AS n FROM ${sql.table(p.table)} WHERE ${sql.ref(p.column)} IS NOT NULL GROUP BY 1`,
    ),
    sql` UNION ALL `,
  );
  const { rows } = await sql<{
    key: string;
    n: number;
  }>`SELECT key, sum(n)::int AS n FROM (${union}) k GROUP BY key`.execute(db);
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

const keyOfRing = (ring: KeyRing) => ring.current.id ?? 'legacy';
const isConfigured = (ring: KeyRing, key: string) =>
  key === 'legacy' ? ring.legacy !== undefined : ring.byId.has(key);

/** Keys that wrote stored secrets but are not configured: those rows can no longer be decrypted. */
export async function unconfiguredKeys(db: Kysely<Database>, ring: KeyRing): Promise<{ key: string; rows: number }[]> {
  return [...(await secretsByKey(db))]
    .filter(([key]) => !isConfigured(ring, key))
    .map(([key, rows]) => ({ key, rows }));
}

/** A secret rewritten under the current key, or null when this ring cannot read it (left as it is). */
function rewrite(ring: KeyRing, stored: string): string | null {
  try {
    return encryptSecret(ring, decryptSecret(ring, stored));
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    reencryptSecrets: (opts?: { batchSize?: number; maxBatches?: number }) => Promise<ReencryptResult>;
  }
}

const SECRET_COLUMNS = ['code_encrypted', 'pin_encrypted', 'claim_token_encrypted'] as const;

/**
 * One batch: rewards (in id order, from `after`) with any secret not written by the current key,
 * each rewritten under it. A row is updated only if its secrets are still what was read, so a run
 * beside another (or beside fulfilment writing a code) never loses a write; running it again finds
 * nothing to do. Returns the last id looked at, to go on from.
 */
async function reencryptBatch(db: Kysely<Database>, ring: KeyRing, after: string | null, size: number) {
  const prefix = `${currentPrefix(ring)}%`;
  const rows = await db
    .selectFrom('rewards')
    .select(['id', ...SECRET_COLUMNS])
    .where((eb) =>
      eb.or([
        eb('claim_token_encrypted', 'not like', prefix),
        eb('code_encrypted', 'not like', prefix),
        eb('pin_encrypted', 'not like', prefix),
      ]),
    )
    .$if(after !== null, (q) => q.where('id', '>', after as string))
    .orderBy('id')
    .limit(size)
    .execute();
  let rewritten = 0;
  for (const row of rows) {
    const next = [row.claim_token_encrypted, row.code_encrypted, row.pin_encrypted].map((v) =>
      v === null ? null : rewrite(ring, v),
    );
    // A key that is not configured: counted as remaining after the run, never half-rewritten.
    if (
      next.some((v, i) => v === null && [row.claim_token_encrypted, row.code_encrypted, row.pin_encrypted][i] !== null)
    ) {
      continue;
    }
    const result = await db
      .updateTable('rewards')
      .set({
        claim_token_encrypted: next[0] as string,
        code_encrypted: next[1] ?? null,
        pin_encrypted: next[2] ?? null,
      })
      .where('id', '=', row.id)
      .where('claim_token_encrypted', '=', row.claim_token_encrypted)
      .where(sql<boolean>`code_encrypted IS NOT DISTINCT FROM ${row.code_encrypted}`)
      .where(sql<boolean>`pin_encrypted IS NOT DISTINCT FROM ${row.pin_encrypted}`)
      .executeTakeFirst();
    rewritten += Number(result.numUpdatedRows);
  }
  return { rewritten, last: rows.at(-1)?.id ?? null, full: rows.length === size };
}

/**
 * Every webhook endpoint's signing secrets (the current one, and the previous one while a rotation
 * lasts) not written by the current key, rewritten under it with the same compare-and-set as the
 * rewards. Endpoints are few (at most a handful per organisation): one pass.
 */
async function reencryptEndpoints(db: Kysely<Database>, ring: KeyRing) {
  const prefix = `${currentPrefix(ring)}%`;
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'secret_encrypted', 'previous_secret_encrypted'])
    .where((eb) =>
      eb.or([eb('secret_encrypted', 'not like', prefix), eb('previous_secret_encrypted', 'not like', prefix)]),
    )
    .execute();
  let rewritten = 0;
  for (const row of rows) {
    const secret = rewrite(ring, row.secret_encrypted);
    const previous = row.previous_secret_encrypted === null ? null : rewrite(ring, row.previous_secret_encrypted);
    if (secret === null || (row.previous_secret_encrypted !== null && previous === null)) continue;
    const result = await db
      .updateTable('webhook_endpoints')
      .set({ secret_encrypted: secret, previous_secret_encrypted: previous })
      .where('id', '=', row.id)
      .where('secret_encrypted', '=', row.secret_encrypted)
      .where(sql<boolean>`previous_secret_encrypted IS NOT DISTINCT FROM ${row.previous_secret_encrypted}`)
      .executeTakeFirst();
    rewritten += Number(result.numUpdatedRows);
  }
  return rewritten;
}

/** People's authenticator secrets (decision 037), one pass, with the same compare-and-set. */
async function reencryptTwoFactor(db: Kysely<Database>, ring: KeyRing) {
  const rows = await db
    .selectFrom('user_two_factor')
    .select(['user_id', 'secret'])
    .where('secret', 'not like', `${currentPrefix(ring)}%`)
    .execute();
  let rewritten = 0;
  for (const row of rows) {
    const secret = rewrite(ring, row.secret);
    if (secret === null) continue;
    const result = await db
      .updateTable('user_two_factor')
      .set({ secret })
      .where('user_id', '=', row.user_id)
      .where('secret', '=', row.secret)
      .executeTakeFirst();
    rewritten += Number(result.numUpdatedRows);
  }
  return rewritten;
}

/**
 * Rewrites secrets stored under older keys with the newest one (decision 018), so an old key can
 * be removed. At start, a process that runs workers queues the job when REWARD_ENCRYPTION_KEYS
 * names a current key; the job does a few batches and queues itself again until none is left,
 * so it survives restarts (resumable) and repeats harmlessly (idempotent).
 */
export const reencryptSecretsJob = fp(
  async (app: FastifyInstance) => {
    const ring = app.secrets.rewardCodeKey;
    const pass = async (batchSize: number, maxBatches: number) => {
      let after: string | null = null;
      let rewritten = 0;
      for (let i = 0; i < maxBatches; i++) {
        const batch = await reencryptBatch(app.db, ring, after, batchSize);
        rewritten += batch.rewritten;
        if (!batch.full) {
          rewritten += await reencryptEndpoints(app.db, ring);
          return rewritten + (await reencryptTwoFactor(app.db, ring));
        }
        after = batch.last;
      }
      return rewritten;
    };
    const run = async ({ batchSize = BATCH, maxBatches = Number.POSITIVE_INFINITY } = {}): Promise<ReencryptResult> => {
      const rewritten = await pass(batchSize, maxBatches);
      // The pass walks in id order and skips a row changed under it: count again rather than
      // trust it, so "done" means no secret is left under another key.
      const left = [...(await secretsByKey(app.db))].filter(([key]) => key !== keyOfRing(ring));
      const remaining = left.reduce((sum, [, n]) => sum + n, 0);
      const unreadable = left.filter(([key]) => !isConfigured(ring, key)).reduce((sum, [, n]) => sum + n, 0);
      return { rewritten, remaining, unreadable, done: remaining === 0 };
    };
    app.decorate('reencryptSecrets', run);

    // A secret under a key that is not configured can no longer be decrypted: say so at each start.
    app.addHook('onReady', async () => {
      const unknown = await unconfiguredKeys(app.db, ring);
      if (unknown.length) {
        app.log.warn(
          { keys: unknown },
          `${unknown.reduce((n, k) => n + k.rows, 0)} stored secrets are under keys that are not configured (${unknown
            .map((k) => k.key)
            .join(
              ', ',
            )}): they cannot be decrypted until the key is back in REWARD_ENCRYPTION_KEYS (or REWARD_ENCRYPTION_KEY for legacy)`,
        );
      }
    });

    // 'stately': at most one run queued and one running across every process.
    await app.queue.boss.createQueue(REENCRYPT_QUEUE, {
      policy: 'stately',
      retryLimit: 10,
      retryDelay: 30,
      retryBackoff: true,
      deleteAfterSeconds: 24 * 3600,
    });
    if (!app.config.runWorkers) return;
    await app.queue.boss.work(REENCRYPT_QUEUE, async () => {
      const result = await run({ maxBatches: 20 });
      app.log.info(result, 'secrets re-encrypted with the current key');
      if (result.done) return;
      if (result.remaining > result.unreadable) {
        // Rows left behind (written meanwhile, or changed under the run): another run, shortly.
        await app.queue.boss.send(REENCRYPT_QUEUE, {}, { startAfter: result.rewritten > 0 ? 0 : 60 });
      } else {
        app.log.error(
          result,
          'secrets re-encryption stopped: the rows left are under keys that are not configured; keep the old key until they are readable',
        );
      }
    });
    if (ring.current.id !== null) await app.queue.boss.send(REENCRYPT_QUEUE, {});
  },
  { name: 'reencrypt-secrets', dependencies: ['db', 'queue', 'secrets'] },
);
