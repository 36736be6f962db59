import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { CatalogCache } from '../catalog/cache';
import { type CatalogProduct, getProduct } from '../catalog/service';

// Every order reads its product and its organisation's billing currency, and every recipient
// email the product's instructions and the sender's name. These change rarely (a catalogue sync,
// a rename), so each process keeps them for as long as it keeps catalogue listings; a sync in this
// process empties the cache at once.
const caches = new WeakMap<FastifyInstance, CatalogCache>();
function cache(app: FastifyInstance): CatalogCache {
  let c = caches.get(app);
  if (!c) {
    c = new CatalogCache({ ttlSeconds: app.config.catalogCacheSeconds, maxBytes: 4 * 1024 * 1024 });
    caches.set(app, c);
  }
  return c;
}

async function cachedJson<T>(app: FastifyInstance, key: string, load: () => Promise<T>): Promise<T> {
  return JSON.parse(await cache(app).get(key, async () => JSON.stringify((await load()) ?? null))) ?? undefined;
}

/** The catalogue's product (available or not), in minor units. */
// Inside a transaction, pass it as `db`: on PGlite (one connection) a query outside the open
// transaction would wait for it forever.
export const cachedProduct = (app: FastifyInstance, code: string, db: Kysely<Database> = app.db) =>
  cachedJson<CatalogProduct | null>(app, `product:${code}`, () => getProduct(db, code));

export const billingCurrency = (app: FastifyInstance, organisationId: string): Promise<string> =>
  cache(app).get(`org-currency:${organisationId}`, async () => {
    const org = await app.db
      .selectFrom('organisations')
      .select('billing_currency')
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow();
    return org.billing_currency;
  });

export const organisationName = (
  app: FastifyInstance,
  organisationId: string,
  db: Kysely<Database> = app.db,
): Promise<string> =>
  cache(app).get(`org-name:${organisationId}`, async () => {
    const org = await db
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow();
    return org.name;
  });
