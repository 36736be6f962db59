import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildProviderProduct } from '../../../test/factories/catalog';
import {
  createTestApp,
  createTestDatabase,
  eventually,
  TEST_DB,
  type TestApp,
  testConfig,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { CATALOG_SYNC_QUEUE } from '../../jobs/catalog-sync';
import { sandboxOf } from '../../providers/gift-cards';
import { SandboxProvider } from '../../providers/gift-cards/sandbox';
import { CatalogSyncError, syncCatalog } from './sync';

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const sandbox = () => sandboxOf(t.app.giftCards);
const listedCodes = async () =>
  (await get('/api/v1/products?limit=100'))
    .json()
    .products.map((p: { code: string }) => p.code)
    .sort();

const first = buildProviderProduct({ code: 'KEEP-1', brand: 'Keeper' });
const second = buildProviderProduct({ code: 'GONE-1', brand: 'Goner', category: 'Travel' });
const third = buildProviderProduct({ code: 'KEEP-2', brand: 'Stayer', country: 'CA', currency: 'CAD' });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  sandbox().setCatalog([first, second, third]);
  await t.app.catalogSync.run();
});

describe(`catalogue sync (${TEST_DB})`, () => {
  it('a product the provider drops is unavailable: no longer listed or counted, still readable, never deleted', async () => {
    expect(await listedCodes()).toEqual(['GONE-1', 'KEEP-1', 'KEEP-2']);
    const before = (await get('/api/v1/products/GONE-1')).json().product;

    sandbox().setCatalog([first, third]);
    expect(await t.app.catalogSync.run()).toEqual({ received: 2, added: 0, updated: 0, retired: 1, skipped: 0 });

    expect(await listedCodes()).toEqual(['KEEP-1', 'KEEP-2']);
    const facets = (await get('/api/v1/catalog/facets')).json();
    expect(facets.totals.products).toBe(2);
    expect(facets.categories.map((c: { name: string }) => c.name)).not.toContain('Travel');
    const after = await get('/api/v1/products/GONE-1');
    expect(after.statusCode).toBe(200);
    expect(after.json().product).toEqual({ ...before, available: false });
    const rows = await t.database.db.selectFrom('products').select('code').execute();
    expect(rows.map((r) => r.code)).toContain('GONE-1');

    // Back in the catalogue: the same product, available again.
    sandbox().setCatalog([first, second, third]);
    expect(await t.app.catalogSync.run()).toMatchObject({ added: 0, updated: 1, retired: 0 });
    expect((await get('/api/v1/products/GONE-1')).json().product).toEqual(before);
  });

  it('writes nothing when nothing changed, and only what changed otherwise', async () => {
    const stamp = async (code: string) =>
      (
        await t.database.db
          .selectFrom('products')
          .select('updated_at')
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).updated_at;
    const keptAt = await stamp('KEEP-2');
    expect(await t.app.catalogSync.run()).toEqual({ received: 3, added: 0, updated: 0, retired: 0, skipped: 0 });

    sandbox().setCatalog([{ ...first, name: 'Keeper Digital Card', maxValueMinor: 75_000 }, second, third]);
    expect(await t.app.catalogSync.run()).toEqual({ received: 3, added: 0, updated: 1, retired: 0, skipped: 0 });
    expect((await get('/api/v1/products/KEEP-1')).json().product).toMatchObject({
      name: 'Keeper Digital Card',
      maxValue: 750,
    });
    expect(await stamp('KEEP-2')).toEqual(keptAt);
  });

  it('skips products it cannot use and keeps the rest', async () => {
    const bad = [
      buildProviderProduct({ code: 'lower-case' }),
      buildProviderProduct({ country: 'ZZ' }),
      buildProviderProduct({ currency: 'XXX' }),
      buildProviderProduct({ minValueMinor: 5000, maxValueMinor: 1000 }),
      buildProviderProduct({ minValueMinor: 0 }),
      buildProviderProduct({ maxValueMinor: 12.5 }),
      buildProviderProduct({ denominationsMinor: [] }),
      buildProviderProduct({ minValueMinor: 1000, maxValueMinor: 5000, denominationsMinor: [1000, 9000] }),
      buildProviderProduct({ logoSvg: '<img src=x onerror=alert(1)>' }),
      buildProviderProduct({ category: '' }),
      { ...first, name: 'A second KEEP-1' },
    ];
    const fine = buildProviderProduct({ code: 'FINE-1', country: 'gb', currency: 'GBP' });
    sandbox().setCatalog([first, second, third, ...bad, fine]);
    expect(await t.app.catalogSync.run()).toEqual({
      received: 15,
      added: 1,
      updated: 0,
      retired: 0,
      skipped: bad.length,
    });
    expect(await listedCodes()).toEqual(['FINE-1', 'GONE-1', 'KEEP-1', 'KEEP-2']);
    expect((await get('/api/v1/products/FINE-1')).json().product.country).toBe('UK');
  });

  it('an empty answer from the provider keeps the catalogue and records the failed run', async () => {
    sandbox().setCatalog([]);
    await expect(t.app.catalogSync.run()).rejects.toThrow(CatalogSyncError);
    expect(await listedCodes()).toEqual(['GONE-1', 'KEEP-1', 'KEEP-2']);
    const last = await t.database.db
      .selectFrom('catalog_sync_runs')
      .selectAll()
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ status: 'failed', error: expect.stringContaining('listed no valid products') });
    expect(last.finished_at).toBeInstanceOf(Date);
  });

  it('syncs racing from several processes leave one consistent catalogue', async () => {
    const next = [first, third, buildProviderProduct({ code: 'NEW-1' }), buildProviderProduct({ code: 'NEW-2' })];
    // Separate provider instances stand for separate processes on the same database.
    const results = await Promise.all(
      Array.from({ length: 4 }, () => {
        const provider = new SandboxProvider({ db: t.database.db });
        provider.setCatalog(next);
        return syncCatalog(t.database.db, provider, 'manual');
      }),
    );
    expect(results.reduce((n, r) => n + r.added, 0)).toBe(2);
    expect(results.reduce((n, r) => n + r.retired, 0)).toBe(1);
    expect(await listedCodes()).toEqual(['KEEP-1', 'KEEP-2', 'NEW-1', 'NEW-2']);
  });

  it('runs as a pg-boss job, on the configured schedule', async () => {
    sandbox().setCatalog([first, third]);
    await t.app.queue.boss.send(CATALOG_SYNC_QUEUE, { trigger: 'schedule' });
    await eventually(async () => (await listedCodes()).length === 2);
    const run = await t.database.db
      .selectFrom('catalog_sync_runs')
      .selectAll()
      .where('trigger', '=', 'schedule')
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'succeeded', retired: 1 });
    const schedules = await t.app.queue.boss.getSchedules(CATALOG_SYNC_QUEUE);
    expect(schedules.map((s) => s.cron)).toEqual(['0 * * * *']);
  });
});

describe(`listings from memory (${TEST_DB})`, () => {
  const rename = (db: TestApp['database']['db'], code: string, name: string) =>
    db.updateTable('products').set({ name }).where('code', '=', code).execute();
  const nameOf = async (app: TestApp['app'], code: string, query = '') =>
    (await app.inject({ url: `/api/v1/products?limit=100${query}` }))
      .json()
      .products.find((p: { code: string }) => p.code === code)?.name;

  it('are answered from memory until a sync here changes the catalogue', async () => {
    expect(await nameOf(t.app, 'KEEP-2')).toBe('Stayer Gift Card');
    // Written behind this process's back, as another process's sync would.
    await rename(t.database.db, 'KEEP-2', 'Renamed elsewhere');
    expect(await nameOf(t.app, 'KEEP-2')).toBe('Stayer Gift Card');
    sandbox().setCatalog([first, third]);
    await t.app.catalogSync.run();
    expect(await nameOf(t.app, 'KEEP-2')).toBe('Renamed elsewhere');
  });

  it('with CATALOG_CACHE_SECONDS=0, every listing reads the database', async () => {
    const uncached = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '0' } });
    try {
      expect(await nameOf(uncached.app, 'TESCO-UK', '&country=UK')).toBe('Tesco Gift Card');
      await rename(uncached.database.db, 'TESCO-UK', 'Tesco Digital Card');
      expect(await nameOf(uncached.app, 'TESCO-UK', '&country=UK')).toBe('Tesco Digital Card');
    } finally {
      await uncached.close();
    }
  });
});

describe(`catalogue sync at start (${TEST_DB})`, () => {
  it('a restart syncs in the background through the job; CATALOG_SYNC_CRON=off drops the schedule', async () => {
    const database = await createTestDatabase();
    const logs: string[] = [];
    const logger = {
      level: 'error',
      stream: new Writable({
        write(chunk, _enc, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    };
    try {
      const firstStart = await buildApp({ config: testConfig(), database, logger, webDistDir: '/nonexistent' });
      await firstStart.ready();
      await firstStart.close();

      const restart = await buildApp({
        config: testConfig({ CATALOG_SYNC_CRON: 'off' }),
        database,
        logger,
        webDistDir: '/nonexistent',
      });
      await restart.ready();
      const runs = () => database.db.selectFrom('catalog_sync_runs').selectAll().orderBy('started_at').execute();
      const both = await eventually(async () => {
        const all = await runs();
        return all.length === 2 && all[1]?.status === 'succeeded' ? all : undefined;
      });
      expect(both.map((r) => r.trigger)).toEqual(['start', 'start']);
      expect(both[1]).toMatchObject({ added: 0, updated: 0, retired: 0 });
      expect(await restart.queue.boss.getSchedules(CATALOG_SYNC_QUEUE)).toEqual([]);
      await restart.close();
    } finally {
      await database.close();
    }
    expect(logs).toEqual([]);
  });

  it('SANDBOX_CATALOG_SIZE=10000 gives a 10,000-product catalogue over 190+ countries', async () => {
    const big = await createTestApp({ env: { SANDBOX_CATALOG_SIZE: '10000' } });
    try {
      const facets = (await big.app.inject({ url: '/api/v1/catalog/facets' })).json();
      expect(facets.totals.products).toBe(10_000);
      expect(facets.totals.countries).toBeGreaterThanOrEqual(190);
      const page = (await big.app.inject({ url: '/api/v1/products?country=BR&currency=BRL' })).json();
      expect(page.products.length).toBeGreaterThan(10);
    } finally {
      await big.close();
    }
  }, 120_000);
});
