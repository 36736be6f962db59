import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema';
import { type CatalogProduct, catalogGeneration, getProduct } from '../catalog';
import { findOrganisationProfile } from './repository';

// Every order reads its product and its organisation's billing currency, and every recipient
// email the product's instructions and the sender's name. These change rarely (a catalogue sync,
// a rename), so each process keeps them for as long as it keeps catalogue listings
// (CATALOG_CACHE_SECONDS); a sync in this process empties the cache at once. Concurrent misses
// of one key share one query (lru-cache's fetchMethod).

type Entry = { product: CatalogProduct | null } | { org: { name: string; billing_currency: string } };

interface Lookups {
  cache: LRUCache<string, Entry>;
  generation: number;
}

const caches = new WeakMap<FastifyInstance, Lookups>();

function lookups(app: FastifyInstance): Lookups {
  let l = caches.get(app);
  if (!l) {
    l = {
      generation: catalogGeneration(),
      cache: new LRUCache<string, Entry>({
        max: 10_000,
        ttl: app.config.catalogCacheSeconds * 1000,
        fetchMethod: (key) => load(app.db, key),
      }),
    };
    caches.set(app, l);
  }
  if (l.generation !== catalogGeneration()) {
    l.cache.clear();
    l.generation = catalogGeneration();
  }
  return l;
}

async function load(db: Kysely<Database>, key: string): Promise<Entry> {
  const at = key.indexOf(':');
  const id = key.slice(at + 1);
  if (key.slice(0, at) === 'product') return { product: (await getProduct(db, id)) ?? null };
  return { org: await findOrganisationProfile(db, id) };
}

async function lookup(app: FastifyInstance, key: string, db: Kysely<Database>): Promise<Entry> {
  // CATALOG_CACHE_SECONDS=0 turns caching off (lru-cache would read a TTL of 0 as "forever").
  if (app.config.catalogCacheSeconds <= 0) return load(db, key);
  const { cache } = lookups(app);
  if (db === app.db) {
    const entry = await cache.fetch(key);
    if (entry) return entry;
    return load(db, key);
  }
  // Read by a transaction: never wait on a shared miss, which on PGlite (one connection) would
  // queue behind this very transaction.
  const cached = cache.get(key);
  if (cached) return cached;
  const entry = await load(db, key);
  cache.set(key, entry);
  return entry;
}

/** The catalogue's product (available or not), in minor units. */
// Inside a transaction, pass it as `db`: on PGlite (one connection) a query outside the open
// transaction would wait for it forever.
export const cachedProduct = async (
  app: FastifyInstance,
  code: string,
  db: Kysely<Database> = app.db,
): Promise<CatalogProduct | undefined> => {
  const entry = await lookup(app, `product:${code}`, db);
  return ('product' in entry && entry.product) || undefined;
};

async function organisation(app: FastifyInstance, organisationId: string, db: Kysely<Database>) {
  const entry = await lookup(app, `org:${organisationId}`, db);
  if (!('org' in entry)) throw new Error(`not an organisation entry: ${organisationId}`);
  return entry.org;
}

export const billingCurrency = async (app: FastifyInstance, organisationId: string): Promise<string> =>
  (await organisation(app, organisationId, app.db)).billing_currency;

export const organisationName = async (
  app: FastifyInstance,
  organisationId: string,
  db: Kysely<Database> = app.db,
): Promise<string> => (await organisation(app, organisationId, db)).name;
