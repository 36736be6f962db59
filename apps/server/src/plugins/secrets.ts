import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { type KeyRing, keyRing } from '../lib/crypto';
import { type Cursors, createCursors } from '../lib/cursor';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * rewardCodeKey: encrypts reward codes. instanceKey: the key other keys are derived from
     * (HKDF, one purpose each: page cursors, the sign-up browser proof).
     */
    secrets: { rewardCodeKey: KeyRing; instanceKey: Buffer };
    /** Signs and checks page cursors (lib/cursor.ts). */
    cursors: Cursors;
  }
}

/**
 * The keys that encrypt reward codes, PINs and claim links at rest. REWARD_ENCRYPTION_KEYS (ids,
 * newest first) encrypt with the first and decrypt with any; the legacy key, for what was written
 * without a key id, is REWARD_ENCRYPTION_KEY, else the one generated on first start and kept in the
 * database (generated only when no keys are configured at all). Never logged. See decision 018.
 * Page cursors are signed with a key derived from the legacy key (lib/cursor.ts).
 */
export const secretsPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const keys = opts.config.rewardEncryptionKeys ?? [];
    let legacy = opts.config.rewardEncryptionKey;
    if (!legacy) {
      if (keys.length === 0) {
        await app.db
          .insertInto('instance_secrets')
          .values({ name: 'reward_code_key', secret: randomBytes(32) })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
      }
      const row = await app.db
        .selectFrom('instance_secrets')
        .select('secret')
        .where('name', '=', 'reward_code_key')
        .executeTakeFirst();
      legacy = row ? Buffer.from(row.secret) : undefined;
    }
    const ring = keyRing(keys, legacy);
    // Derived keys come from the legacy key (or, without one, the oldest configured key): a
    // rotation that drops it only invalidates what they sign, all short-lived (page cursors,
    // sign-up browser proofs).
    const instanceKey = legacy ?? (keys.at(-1) as { key: Buffer }).key;
    app.decorate('secrets', { rewardCodeKey: ring, instanceKey });
    app.decorate('cursors', createCursors(instanceKey));
  },
  { name: 'secrets', dependencies: ['db'] },
);
