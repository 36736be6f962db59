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
  /** Whether no row is left under an older key. */
  done: boolean;
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
    const next = (stored: string | null) => (stored === null ? null : encryptSecret(ring, decryptSecret(ring, stored)));
    const result = await db
      .updateTable('rewards')
      .set({
        claim_token_encrypted: next(row.claim_token_encrypted) as string,
        code_encrypted: next(row.code_encrypted),
        pin_encrypted: next(row.pin_encrypted),
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
    const result = await db
      .updateTable('webhook_endpoints')
      .set({
        secret_encrypted: encryptSecret(ring, decryptSecret(ring, row.secret_encrypted)),
        previous_secret_encrypted:
          row.previous_secret_encrypted === null
            ? null
            : encryptSecret(ring, decryptSecret(ring, row.previous_secret_encrypted)),
      })
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
    const result = await db
      .updateTable('user_two_factor')
      .set({ secret: encryptSecret(ring, decryptSecret(ring, row.secret)) })
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
    const run = async ({ batchSize = BATCH, maxBatches = Number.POSITIVE_INFINITY } = {}) => {
      let after: string | null = null;
      let rewritten = 0;
      for (let i = 0; i < maxBatches; i++) {
        const batch = await reencryptBatch(app.db, ring, after, batchSize);
        rewritten += batch.rewritten;
        if (!batch.full) {
          rewritten += await reencryptEndpoints(app.db, ring);
          return { rewritten: rewritten + (await reencryptTwoFactor(app.db, ring)), done: true };
        }
        after = batch.last;
      }
      return { rewritten, done: false };
    };
    app.decorate('reencryptSecrets', run);

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
      app.log.info({ rewritten: result.rewritten, done: result.done }, 'secrets re-encrypted with the current key');
      if (!result.done) await app.queue.boss.send(REENCRYPT_QUEUE, {});
    });
    if (ring.current.id !== null) await app.queue.boss.send(REENCRYPT_QUEUE, {});
  },
  { name: 'reencrypt-secrets', dependencies: ['db', 'queue', 'secrets'] },
);
