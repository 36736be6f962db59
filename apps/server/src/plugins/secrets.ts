import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    secrets: { rewardCodeKey: Buffer };
  }
}

/**
 * The key that encrypts reward codes and PINs at rest: REWARD_ENCRYPTION_KEY when configured,
 * else one generated on first start and kept in the database. Never logged.
 */
export const secretsPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    let key = opts.config.rewardEncryptionKey;
    if (!key) {
      await app.db
        .insertInto('instance_secrets')
        .values({ name: 'reward_code_key', secret: randomBytes(32) })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await app.db
        .selectFrom('instance_secrets')
        .select('secret')
        .where('name', '=', 'reward_code_key')
        .executeTakeFirstOrThrow();
      key = Buffer.from(row.secret);
    }
    app.decorate('secrets', { rewardCodeKey: key });
  },
  { name: 'secrets', dependencies: ['db'] },
);
