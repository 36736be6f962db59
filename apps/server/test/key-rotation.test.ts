import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/database';
import { decryptSecret, encryptSecret, hashToken, newUrlToken } from '../src/lib/crypto';
import { bearer, signUpVerifiedUser } from './factories';
import { insertHistoricalOrders, seedProducts } from './factories/order-history';
import { createTestDatabase, TEST_DB, type TestApp, testConfig } from './helpers';

// One database through a key rotation: the app is started again on it with each configuration,
// as an operator would restart it after changing the environment.
let database: DatabaseHandle;
let running: App | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await running?.close();
  await database.close();
});

async function start(env: Record<string, string>, warnings?: string[]): Promise<TestApp> {
  await running?.close();
  const stream = new Writable({
    write(chunk, _enc, done) {
      warnings?.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    config: testConfig(env),
    database,
    logger: warnings ? { level: 'warn', stream } : false,
    webDistDir: '/nonexistent-web-dist',
  });
  await app.ready();
  running = app;
  return { app, database, loggedErrors: [], close: () => app.close() };
}

const b64 = (k: Buffer) => k.toString('base64');
const oldKey = randomBytes(32);
const newKey = randomBytes(32);

describe(`REWARD_ENCRYPTION_KEYS rotation (${TEST_DB})`, () => {
  const tokens: string[] = [];
  const claim = (t: TestApp, token: string) => t.app.inject({ url: `/api/v1/claims/${token}` });

  it('keeps codes readable from the legacy key to a new one, and after the old key is gone', async () => {
    // 1. Codes written under the legacy key (REWARD_ENCRYPTION_KEY), as every deployment has today.
    // (Workers on here for the sign-up email; no re-encryption job is queued while the legacy key encrypts.)
    let t = await start({ REWARD_ENCRYPTION_KEY: b64(oldKey), WEBHOOKS_ALLOW_PRIVATE: 'true' });
    const user = await signUpVerifiedUser(t);
    // A webhook endpoint's signing secret, kept under the same key ring.
    const endpoint = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      headers: bearer(user.accessToken),
      payload: { url: 'http://127.0.0.1:9/hooks', description: 'Rotation' },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const whsec = endpoint.json().secret as string;
    const endpointSecret = async () =>
      (
        await database.db
          .selectFrom('webhook_endpoints')
          .select('secret_encrypted')
          .where('id', '=', endpoint.json().endpoint.id)
          .executeTakeFirstOrThrow()
      ).secret_encrypted;
    expect(await endpointSecret()).toMatch(/^v1\./);
    const products = await seedProducts(database.db, 3, 11);
    const product = products.find((p) => p.currency === 'USD') ?? (products[0] as (typeof products)[number]);
    const ids = await insertHistoricalOrders(database.db, {
      organisationId: user.organisationId,
      key: t.app.secrets.rewardCodeKey,
      orders: Array.from({ length: 7 }, (_, i) => ({
        product,
        amountMinor: product.denominations?.[0] ?? product.minMinor,
        quantity: 1,
        recipientEmail: `r${i}@example.com`,
        status: 'completed' as const,
        createdAt: new Date(),
      })),
    });
    const rewards = await database.db
      .selectFrom('rewards')
      .select('id')
      .where('order_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const [i, r] of rewards.entries()) {
      const { token } = newUrlToken();
      tokens.push(token);
      await database.db
        .updateTable('rewards')
        .set({
          claim_token_hash: hashToken(token),
          claim_token_encrypted: encryptSecret(oldKey, token),
          code_encrypted: encryptSecret(oldKey, `CODE-${i}`),
          pin_encrypted: encryptSecret(oldKey, `PIN-${i}`),
        })
        .where('id', '=', r.id)
        .execute();
    }
    const stored = () =>
      database.db.selectFrom('rewards').select(['code_encrypted', 'pin_encrypted', 'claim_token_encrypted']).execute();
    expect((await stored()).every((r) => r.code_encrypted?.startsWith('v1.'))).toBe(true);
    expect((await claim(t, tokens[0] as string)).json()).toMatchObject({ code: 'CODE-0', pin: 'PIN-0' });

    // 2. Rotate: a new key first, the old one still there. Old codes read; new ones use the new key.
    // Workers off from here: the test runs the re-encryption itself, to see each state.
    t = await start({
      WORKERS: 'off',
      REWARD_ENCRYPTION_KEYS: `k2:${b64(newKey)}`,
      REWARD_ENCRYPTION_KEY: b64(oldKey),
    });
    expect((await claim(t, tokens[1] as string)).json()).toMatchObject({ code: 'CODE-1', pin: 'PIN-1' });
    expect(encryptSecret(t.app.secrets.rewardCodeKey, 'x').startsWith('v2.k2.')).toBe(true);

    // 3. The job, in small batches and stopped partway: it resumes where it is, and a second run finds nothing.
    const partial = await t.app.reencryptSecrets({ batchSize: 2, maxBatches: 2 });
    // Counted again after the run: the rewards not reached yet, and the endpoint.
    expect(partial).toEqual({ rewritten: 4, remaining: 3 * (rewards.length - 4) + 1, unreadable: 0, done: false });
    expect((await claim(t, tokens[5] as string)).json()).toMatchObject({ code: 'CODE-5' });
    // The rewards left, then the one endpoint.
    expect(await t.app.reencryptSecrets({ batchSize: 2 })).toEqual({
      rewritten: rewards.length - 4 + 1,
      remaining: 0,
      unreadable: 0,
      done: true,
    });
    expect(await t.app.reencryptSecrets({ batchSize: 2 })).toEqual({
      rewritten: 0,
      remaining: 0,
      unreadable: 0,
      done: true,
    });
    for (const r of await stored()) {
      for (const v of [r.code_encrypted, r.pin_encrypted, r.claim_token_encrypted]) expect(v).toMatch(/^v2\.k2\./);
    }

    // 4. The old key removed: every code still reads, by its claim link.
    t = await start({ WORKERS: 'off', REWARD_ENCRYPTION_KEYS: `k2:${b64(newKey)}` });
    for (const [i, token] of tokens.entries()) {
      const res = await claim(t, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: `CODE-${i}`, pin: `PIN-${i}` });
    }
    expect(await endpointSecret()).toMatch(/^v2\.k2\./);
    expect(decryptSecret(t.app.secrets.rewardCodeKey, await endpointSecret())).toBe(whsec);
  });

  it('counts what is left after a run, and names at start a key that is not configured', async () => {
    // A code written under the legacy key by a process still on the old configuration, after the
    // old key was removed here: no run can read it, so none may say it is done.
    const late = await database.db.selectFrom('rewards').select('id').orderBy('id').executeTakeFirstOrThrow();
    await database.db
      .updateTable('rewards')
      .set({ code_encrypted: encryptSecret(oldKey, 'LATE') })
      .where('id', '=', late.id)
      .execute();
    const warnings: string[] = [];
    let t = await start({ WORKERS: 'off', REWARD_ENCRYPTION_KEYS: `k2:${b64(newKey)}` }, warnings);
    expect(warnings.join('\n')).toContain(
      '1 stored secrets are under keys that are not configured (legacy): they cannot be decrypted',
    );
    expect(await t.app.reencryptSecrets()).toEqual({ rewritten: 0, remaining: 1, unreadable: 1, done: false });

    // The old key back: no warning, and the next run rewrites it and counts 0.
    const none: string[] = [];
    t = await start(
      { WORKERS: 'off', REWARD_ENCRYPTION_KEYS: `k2:${b64(newKey)}`, REWARD_ENCRYPTION_KEY: b64(oldKey) },
      none,
    );
    expect(none.filter((line) => line.includes('not configured'))).toEqual([]);
    expect(await t.app.reencryptSecrets()).toEqual({ rewritten: 1, remaining: 0, unreadable: 0, done: true });
  });

  it('refuses a malformed key list at boot, naming the variable but not its value', () => {
    for (const bad of ['k2', `k2:${b64(randomBytes(16))}`, `a.b:${b64(newKey)}`, `k:${b64(newKey)},k:${b64(oldKey)}`]) {
      expect(() => testConfig({ REWARD_ENCRYPTION_KEYS: bad })).toThrow(/REWARD_ENCRYPTION_KEYS/);
      try {
        testConfig({ REWARD_ENCRYPTION_KEYS: bad });
      } catch (err) {
        expect(String((err as Error).message)).not.toContain(b64(newKey));
      }
    }
  });
});
