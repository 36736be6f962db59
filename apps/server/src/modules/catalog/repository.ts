import { type Expression, type ExpressionBuilder, type Insertable, type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

export type ProductRow = Selectable<Database['products']>;

/** Product columns without the logo, which listings link to instead of carrying. */
const LISTED_COLUMNS = [
  'id',
  'code',
  'name',
  'brand',
  'country',
  'currency',
  'min_value',
  'max_value',
  'denominations',
  'payout_type',
  'category',
  'description',
  'redemption_instructions',
  'terms',
  'available',
  'sort_key',
] as const;
export type ListedProductRow = Pick<ProductRow, (typeof LISTED_COLUMNS)[number]>;

export interface CatalogFilter {
  country?: string;
  currency?: string;
  category?: string;
  /** Decimal text in the major unit of each product's currency. */
  minValue?: string;
  maxValue?: string;
  /** Already folded with `searchable()`. */
  search?: string;
}

export interface ListPage {
  filter: CatalogFilter;
  /** In name order: after this row (a keyset). */
  after?: { sortKey: string; code: string };
  /** Popular or value order: this many rows skipped (those orders move as orders come in). */
  sort?: { by: 'popular' | 'value'; offset: number };
  limit: number;
}

/** How far back "popular" looks, in days of the order statistics. */
const POPULAR_DAYS = 30;

type Where = ExpressionBuilder<Database, 'products'>;

function filterConditions(eb: Where, filter: CatalogFilter) {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.country !== undefined) conditions.push(eb('country', '=', filter.country));
  if (filter.currency !== undefined) conditions.push(eb('currency', '=', filter.currency));
  if (filter.category !== undefined) conditions.push(eb('category', '=', filter.category));
  // Overlap of [min_value, max_value] with the wanted range, the wanted bounds scaled to each
  // row's minor unit in exact numeric arithmetic.
  if (filter.minValue !== undefined) {
    conditions.push(sql<SqlBool>`max_value >= ceil(${filter.minValue}::numeric * 10::numeric ^ currency_exponent)`);
  }
  if (filter.maxValue !== undefined) {
    conditions.push(sql<SqlBool>`min_value <= floor(${filter.maxValue}::numeric * 10::numeric ^ currency_exponent)`);
  }
  if (filter.search) conditions.push(eb('search_text', 'like', `%${escapeLike(filter.search)}%`));
  return conditions;
}

export async function listAvailableProducts(db: Db, page: ListPage): Promise<ListedProductRow[]> {
  if (page.sort) return listAvailableProductsSorted(db, page, page.sort);
  return db
    .selectFrom('products')
    .select(LISTED_COLUMNS)
    .where((eb) => {
      const conditions = [eb('available', '=', true), ...filterConditions(eb, page.filter)];
      if (page.after) {
        conditions.push(eb(eb.refTuple('sort_key', 'code'), '>', eb.tuple(page.after.sortKey, page.after.code)));
      }
      return eb.and(conditions);
    })
    .orderBy('sort_key')
    .orderBy('code')
    .limit(page.limit)
    .execute();
}

async function listAvailableProductsSorted(
  db: Db,
  page: ListPage,
  sort: NonNullable<ListPage['sort']>,
): Promise<ListedProductRow[]> {
  const base = db
    .selectFrom('products')
    .where((eb) => eb.and([eb('available', '=', true), ...filterConditions(eb, page.filter)]));
  const ordered =
    sort.by === 'value'
      ? base.select(LISTED_COLUMNS).orderBy(sql`min_value::numeric / 10::numeric ^ currency_exponent`)
      : base
          // Brand popularity from the daily order statistics (small, already rolled up): the
          // number of orders, never an organisation's figures, only decides the order. Real
          // (live) orders rank a brand first; sandbox tests only order what live orders tie on.
          .leftJoin(
            (eb) =>
              eb
                .selectFrom('order_stats_daily_dims')
                .select([
                  'brand',
                  sql<string>`sum(orders) filter (where not sandbox)`.as('live_orders'),
                  sql<string>`sum(orders) filter (where sandbox)`.as('sandbox_orders'),
                ])
                .where('day', '>=', sql<Date>`current_date - ${sql.lit(POPULAR_DAYS)}::integer`)
                .where('status', '!=', 'failed')
                .groupBy('brand')
                .as('popularity'),
            (join) => join.onRef('popularity.brand', '=', 'products.brand'),
          )
          .select(LISTED_COLUMNS.map((c) => `products.${c}` as const))
          .orderBy(sql`coalesce(popularity.live_orders, 0)`, 'desc')
          .orderBy(sql`coalesce(popularity.sandbox_orders, 0)`, 'desc');
  return ordered.orderBy('sort_key').orderBy('code').offset(sort.offset).limit(page.limit).execute();
}

export async function findProductByCode(db: Db, code: string): Promise<ListedProductRow | undefined> {
  return db.selectFrom('products').select(LISTED_COLUMNS).where('code', '=', code).executeTakeFirst();
}

/** The products with these codes (available or not), in no particular order. */
export async function findProductsByCodes(db: Db, codes: string[]): Promise<ListedProductRow[]> {
  if (codes.length === 0) return [];
  return db.selectFrom('products').select(LISTED_COLUMNS).where('code', 'in', codes).execute();
}

/**
 * A choice rule's products (decision 080): available, in the currency, matching the category and
 * country given, that accept `amountMinor` (within the range, or one of the denominations), in
 * name order, at most `limit`.
 */
export async function findRuleProducts(
  db: Db,
  rule: { category?: string; country?: string; currency: string; amountMinor: number; limit: number },
): Promise<ListedProductRow[]> {
  let q = db
    .selectFrom('products')
    .select(LISTED_COLUMNS)
    .where('available', '=', true)
    .where('currency', '=', rule.currency)
    .where('min_value', '<=', String(rule.amountMinor))
    .where('max_value', '>=', String(rule.amountMinor))
    .where(sql<SqlBool>`(denominations IS NULL OR ${String(rule.amountMinor)}::bigint = ANY (denominations))`);
  if (rule.category !== undefined) q = q.where('category', '=', rule.category);
  if (rule.country !== undefined) q = q.where('country', '=', rule.country);
  return q.orderBy('sort_key').orderBy('code').limit(rule.limit).execute();
}

export async function findProductLogo(db: Db, code: string): Promise<{ svg: string; hash: string } | undefined> {
  const row = await db
    .selectFrom('products')
    .select(['logo_svg', 'content_hash'])
    .where('code', '=', code)
    .executeTakeFirst();
  return row && { svg: row.logo_svg, hash: row.content_hash };
}

export interface FacetCount {
  value: string;
  count: number;
}

export type Facet = 'country' | 'currency' | 'category';

/**
 * Every value the available products have for each facet, each counted under every other filter,
 * search and value range included, but not its own selection: the other options stay listed with
 * what choosing them would give. One pass over the products: each row's matches are worked out
 * once, then grouped by each facet in turn (grouping sets).
 */
export async function facetCounts(db: Db, filter: CatalogFilter): Promise<Record<Facet, FacetCount[]>> {
  const rows = await db
    .with('matched', (qb) =>
      qb
        .selectFrom('products')
        .where('available', '=', true)
        .select((eb) => {
          // An empty and() is true: a filter not set matches every row.
          const { country, currency, category, ...rest } = filter;
          return [
            'country',
            'currency',
            'category',
            eb.and(filterConditions(eb, rest)).as('in_search_and_range'),
            eb.and(filterConditions(eb, { country })).as('in_country'),
            eb.and(filterConditions(eb, { currency })).as('in_currency'),
            eb.and(filterConditions(eb, { category })).as('in_category'),
          ];
        }),
    )
    .selectFrom('matched')
    .select([
      'country',
      'currency',
      'category',
      sql<number>`grouping(country)`.as('by_country'),
      sql<number>`grouping(currency)`.as('by_currency'),
      sql<number>`count(*) FILTER (WHERE in_search_and_range AND in_currency AND in_category)::int`.as('country_count'),
      sql<number>`count(*) FILTER (WHERE in_search_and_range AND in_country AND in_category)::int`.as('currency_count'),
      sql<number>`count(*) FILTER (WHERE in_search_and_range AND in_country AND in_currency)::int`.as('category_count'),
    ])
    .groupBy(sql`GROUPING SETS ((country), (currency), (category))`)
    .execute();
  const counts: Record<Facet, FacetCount[]> = { country: [], currency: [], category: [] };
  for (const row of rows) {
    // grouping() is 0 for the column this row groups by.
    const facet: Facet =
      Number(row.by_country) === 0 ? 'country' : Number(row.by_currency) === 0 ? 'currency' : 'category';
    counts[facet].push({ value: row[facet], count: Number(row[`${facet}_count`]) });
  }
  return counts;
}

export async function countAvailableProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .where('available', '=', true)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function catalogTotals(db: Db): Promise<{ products: number; brands: number; countries: number }> {
  const row = await db
    .selectFrom('products')
    .where('available', '=', true)
    .select([
      sql<number>`count(*)::int`.as('products'),
      sql<number>`count(DISTINCT brand)::int`.as('brands'),
      sql<number>`count(DISTINCT country)::int`.as('countries'),
    ])
    .executeTakeFirstOrThrow();
  return { products: Number(row.products), brands: Number(row.brands), countries: Number(row.countries) };
}

// --- Synchronisation ---

const SYNC_LOCK_KEY = 4_247_019_404;

/** Holds the catalogue for this transaction: syncs from several processes apply one at a time. */
export async function lockCatalogForSync(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${SYNC_LOCK_KEY})`.execute(trx);
}

export async function productFingerprints(trx: Db): Promise<Map<string, { contentHash: string; available: boolean }>> {
  const rows = await trx.selectFrom('products').select(['code', 'content_hash', 'available']).execute();
  return new Map(rows.map((r) => [r.code, { contentHash: r.content_hash, available: r.available }]));
}

export type ProductWrite = Omit<Insertable<Database['products']>, 'id' | 'created_at' | 'updated_at' | 'available'>;

/** Inserts new products and rewrites changed ones (available again if they had been retired). */
export async function upsertProducts(trx: Db, rows: ProductWrite[]): Promise<void> {
  const BATCH = 500;
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto('products')
      .values(rows.slice(i, i + BATCH).map((r) => ({ ...r, available: true })))
      .onConflict((oc) =>
        oc.column('code').doUpdateSet((eb) => ({
          provider: eb.ref('excluded.provider'),
          name: eb.ref('excluded.name'),
          brand: eb.ref('excluded.brand'),
          country: eb.ref('excluded.country'),
          currency: eb.ref('excluded.currency'),
          currency_exponent: eb.ref('excluded.currency_exponent'),
          min_value: eb.ref('excluded.min_value'),
          max_value: eb.ref('excluded.max_value'),
          denominations: eb.ref('excluded.denominations'),
          payout_type: eb.ref('excluded.payout_type'),
          category: eb.ref('excluded.category'),
          logo_svg: eb.ref('excluded.logo_svg'),
          description: eb.ref('excluded.description'),
          redemption_instructions: eb.ref('excluded.redemption_instructions'),
          terms: eb.ref('excluded.terms'),
          sort_key: eb.ref('excluded.sort_key'),
          search_text: eb.ref('excluded.search_text'),
          content_hash: eb.ref('excluded.content_hash'),
          available: true,
          updated_at: sql`now()`,
        })),
      )
      .execute();
  }
}

/** Marks products the provider no longer offers as unavailable; they are never deleted. */
export async function retireProducts(trx: Db, codes: string[]): Promise<void> {
  const BATCH = 1000;
  for (let i = 0; i < codes.length; i += BATCH) {
    await trx
      .updateTable('products')
      .set({ available: false, updated_at: sql`now()` })
      .where('code', 'in', codes.slice(i, i + BATCH))
      .execute();
  }
}

export async function startSyncRun(
  db: Db,
  provider: string,
  trigger: Database['catalog_sync_runs']['trigger'],
): Promise<string> {
  const row = await db
    .insertInto('catalog_sync_runs')
    .values({
      provider,
      trigger,
      finished_at: null,
      received: null,
      added: null,
      updated: null,
      retired: null,
      skipped: null,
      error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishSyncRun(
  db: Db,
  id: string,
  outcome:
    | { status: 'succeeded'; received: number; added: number; updated: number; retired: number; skipped: number }
    | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .updateTable('catalog_sync_runs')
    .set({ ...outcome, finished_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function lastSucceededSync(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('catalog_sync_runs')
    .select('finished_at')
    .where('status', '=', 'succeeded')
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at ?? null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
