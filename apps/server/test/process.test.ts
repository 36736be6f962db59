import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, processStorage, TEST_DB } from './helpers';
import { freePort, health, operatorToken, startServerProcess as run } from './servers';

describe('bad configuration fails fast with a clear message and a non-zero exit', () => {
  it.runIf(TEST_DB === 'pglite')('PORT=abc', async () => {
    const r = run({ PORT: 'abc' });
    expect(await r.exit).toBe(1);
    expect(r.output()).toContain('GiftRelay cannot start: Invalid configuration');
    expect(r.output()).toContain('PORT must be a whole number from 0 to 65535 (got "abc")');
  });

  it.runIf(TEST_DB === 'pglite')(
    'APP_ENV=production without SMTP_URL (the mailbox is not for production)',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'gr-prod-'));
      try {
        const r = run({ APP_ENV: 'production', PORT: '0', DATA_DIR: dataDir });
        expect(await r.exit).toBe(1);
        expect(r.output()).toContain('GiftRelay cannot start: Invalid configuration');
        expect(r.output()).toContain('SMTP_URL must be set when APP_ENV=production');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(TEST_DB === 'postgres')('a DATABASE_URL that cannot be reached', async () => {
    const port = await freePort();
    const r = run({ PORT: '0', DATABASE_URL: `postgres://giftrelay:s3cret@127.0.0.1:${port}/giftrelay` });
    expect(await r.exit).toBe(1);
    expect(r.output()).toContain(
      `GiftRelay cannot start: cannot connect to the database at DATABASE_URL (postgres://giftrelay:***@127.0.0.1:${port}/giftrelay)`,
    );
    expect(r.output()).toContain('ECONNREFUSED');
    expect(r.output()).not.toContain('s3cret');
  });
});

describe(`restart keeps the data (${TEST_DB})`, () => {
  let env: Record<string, string>;
  let dataDir: string;
  let remove = async () => {};
  beforeAll(async () => {
    ({ env, remove } = await processStorage());
    dataDir = env.DATA_DIR as string;
  });
  afterAll(() => remove());

  it('a second start sees what the first wrote; Ctrl-C (SIGINT) shuts down cleanly', async () => {
    const port = await freePort();
    const first = run({ ...env, PORT: String(port), WEBHOOKS_ALLOW_PRIVATE: 'true' });
    // A fresh PGlite folder is migrated and the catalogue synced before the server answers: a few
    // seconds when the machine is quiet, a minute when the suite's other processes load both cores.
    await eventually(() => health(port), 90_000);
    // The instance's figures are an operator's (decision 057).
    const before = await eventually(async () => health(port, await operatorToken(port)), 60_000);
    expect(before.instance.boot_count).toBe(1);
    // The banner is written once the server listens: it can reach the pipe after the first health answer.
    await eventually(async () => first.output().includes(`URL:       http://localhost:${port}`), 30_000);
    expect(first.output()).toContain(
      'Webhooks:  WEBHOOKS_ALLOW_PRIVATE=true: sandbox endpoints may point at this machine',
    );
    first.child.kill('SIGINT');
    expect(await first.exit).toBe(0);
    expect(first.output()).toContain('shutting down');
    if (TEST_DB === 'pglite') expect(existsSync(path.join(dataDir, 'giftrelay.pid'))).toBe(false);

    const second = run({ ...env, PORT: String(port) });
    await eventually(() => health(port), 90_000);
    const after = await eventually(async () => health(port, await operatorToken(port)), 60_000);
    expect(after.instance.id).toBe(before.instance.id);
    expect(after.instance.boot_count).toBe(2);

    if (TEST_DB === 'pglite') {
      // A second server on the same PGlite folder would corrupt it: it must refuse.
      const intruder = run({ ...env, PORT: '0' });
      expect(await intruder.exit).toBe(1);
      expect(intruder.output()).toMatch(/another GiftRelay process \(pid \d+\) is already using the data folder/);
    }
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  }, 240_000);
});
