import {
  type CatalogFacets,
  type CatalogFiltersQuery,
  findCountry,
  PRODUCT_PAGE_SIZE,
  type Product,
  type ProductListQuery,
  toMajor,
} from '@giftrelay/contracts';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { type Cursors, type Listing, paginate } from '../../lib/cursor';
import type { ProviderProduct } from '../../providers/gift-cards/types';
import {
  type CatalogFilter,
  catalogTotals,
  facetCounts,
  findProductByCode,
  findProductsByCodes,
  findRuleProducts,
  type ListedProductRow,
  listAvailableProducts,
} from './repository';

/**
 * A product as the rest of the server works with it: amounts in integer minor units. Orders use
 * this to check a product exists, is available, and accepts an amount.
 */
export interface CatalogProduct extends Omit<ProviderProduct, 'logoSvg'> {
  id: string;
  available: boolean;
}

/** Text as search compares it: without accents, lower case ("Caffè" matches "caffe"). */
export function searchable(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export async function listProducts(
  db: Db,
  query: ProductListQuery,
  cursors: Cursors,
): Promise<{ products: Product[]; nextCursor: string | null }> {
  const limit = query.limit ?? PRODUCT_PAGE_SIZE;
  const by = query.sort === 'popular' || query.sort === 'value' ? query.sort : undefined;
  const filter = catalogFilter(query);
  const q = { cursor: query.cursor, limit };
  const { page, nextCursor } = by
    ? await paginate(cursors, offsetListing(by), q, ({ after: offset = 0, limit }) =>
        listAvailableProducts(db, { filter, sort: { by, offset }, limit }),
      )
    : await paginate(cursors, PRODUCTS, q, ({ after, limit }) => listAvailableProducts(db, { filter, after, limit }));
  return { products: page.map(toApiProduct), nextCursor };
}

export async function getProduct(db: Db, code: string): Promise<CatalogProduct | null> {
  const row = await findProductByCode(db, code);
  return row ? toCatalogProduct(row) : null;
}

/** The products with these codes, in the order asked; a code the catalogue does not have is left out. */
export async function getProducts(db: Db, codes: string[]): Promise<CatalogProduct[]> {
  const byCode = new Map((await findProductsByCodes(db, codes)).map((row) => [row.code, toCatalogProduct(row)]));
  return codes.flatMap((code) => byCode.get(code) ?? []);
}

/** A choice rule's products at a value (decision 080): see findRuleProducts. */
export async function getRuleProducts(
  db: Db,
  rule: { category?: string; country?: string; currency: string; amountMinor: number; limit: number },
): Promise<CatalogProduct[]> {
  return (await findRuleProducts(db, rule)).map(toCatalogProduct);
}

export async function getApiProduct(db: Db, code: string): Promise<Product | null> {
  const row = await findProductByCode(db, code);
  return row ? toApiProduct(row) : null;
}

export async function getFacets(db: Db, query: CatalogFiltersQuery, isSandbox: boolean): Promise<CatalogFacets> {
  const [{ country: countries, currency: currencies, category: categories }, totals] = await Promise.all([
    facetCounts(db, catalogFilter(query)),
    catalogTotals(db),
  ]);
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');
  return {
    success: true,
    countries: countries
      .map((c) => ({ code: c.value, name: findCountry(c.value)?.name ?? c.value, count: c.count }))
      .sort(byName),
    currencies: currencies.map((c) => ({ code: c.value, count: c.count })).sort((a, b) => a.code.localeCompare(b.code)),
    categories: categories.map((c) => ({ name: c.value, count: c.count })).sort(byName),
    totals,
    sandbox: isSandbox,
  };
}

/** The query's filters as the repository takes them, the search folded as search compares it. */
export function catalogFilter(query: CatalogFiltersQuery): CatalogFilter {
  return {
    country: query.country,
    currency: query.currency,
    category: query.category,
    minValue: query.minValue,
    maxValue: query.maxValue,
    search: query.q ? searchable(query.q) : undefined,
  };
}

export function logoUrl(code: string): string {
  return `/api/v1/products/${encodeURIComponent(code)}/logo.svg`;
}

function toCatalogProduct(row: ListedProductRow): CatalogProduct {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    brand: row.brand,
    country: row.country,
    currency: row.currency,
    minValueMinor: Number(row.min_value),
    maxValueMinor: Number(row.max_value),
    denominationsMinor: row.denominations ? row.denominations.map(Number) : null,
    payoutType: row.payout_type,
    category: row.category,
    description: row.description,
    redemptionInstructions: row.redemption_instructions,
    terms: row.terms,
    available: row.available,
  };
}

function toApiProduct(row: ListedProductRow): Product {
  const p = toCatalogProduct(row);
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    brand: p.brand,
    country: p.country,
    currency: p.currency,
    minValue: toMajor(p.minValueMinor, p.currency),
    maxValue: toMajor(p.maxValueMinor, p.currency),
    denominations: p.denominationsMinor?.map((d) => toMajor(d, p.currency)) ?? null,
    payoutType: p.payoutType,
    category: p.category,
    logoUrl: logoUrl(p.code),
    description: p.description,
    redemptionInstructions: p.redemptionInstructions,
    terms: p.terms,
    available: p.available,
  };
}

const PRODUCTS: Listing<ListedProductRow, { sortKey: string; code: string }> = {
  name: 'products',
  position: z.tuple([z.string().max(1000), z.string().max(100)]).transform(([sortKey, code]) => ({ sortKey, code })),
  next: (last) => [last.sort_key, last.code],
};

/** The deepest page an offset cursor may ask for: past it, the listing is better narrowed. */
const MAX_OFFSET = 100_000;
const OffsetPosition = z.tuple([z.number().int().min(0).max(MAX_OFFSET)]).transform(([offset]) => offset);
// A cursor of the popular or value order is signed for that order, so it is refused for another;
// it carries the offset of the next page (these orders have no unique key to seek after).
const offsetListing = (by: 'popular' | 'value'): Listing<ListedProductRow, number> => ({
  name: `${PRODUCTS.name}:${by}`,
  position: OffsetPosition,
  next: (_last, { after = 0, limit }) => [after + limit],
});
