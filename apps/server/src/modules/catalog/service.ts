import {
  type CatalogFacets,
  findCountry,
  PRODUCT_PAGE_SIZE,
  type Product,
  type ProductListQuery,
  toMajor,
} from '@giftrelay/contracts';
import type { Db } from '../../db/database';
import { validationError } from '../../lib/errors';
import type { ProviderProduct } from '../../providers/gift-cards/types';
import {
  type CatalogFilter,
  catalogTotals,
  facetCounts,
  findProductByCode,
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
): Promise<{ products: Product[]; nextCursor: string | null }> {
  const limit = query.limit ?? PRODUCT_PAGE_SIZE;
  const search = query.q ? searchable(query.q) : undefined;
  const rows = await listAvailableProducts(db, {
    filter: { ...filterOf(query), minValue: query.minValue, maxValue: query.maxValue, search },
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor(last.sort_key, last.code) : null;
  return { products: page.map(toApiProduct), nextCursor };
}

export async function getProduct(db: Db, code: string): Promise<CatalogProduct | null> {
  const row = await findProductByCode(db, code);
  return row ? toCatalogProduct(row) : null;
}

export async function getApiProduct(db: Db, code: string): Promise<Product | null> {
  const row = await findProductByCode(db, code);
  return row ? toApiProduct(row) : null;
}

export async function getFacets(
  db: Db,
  filter: Pick<CatalogFilter, 'country' | 'currency' | 'category'>,
  isSandbox: boolean,
): Promise<CatalogFacets> {
  const [countries, currencies, categories, totals] = await Promise.all([
    facetCounts(db, 'country', filter),
    facetCounts(db, 'currency', filter),
    facetCounts(db, 'category', filter),
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

function filterOf(query: Pick<CatalogFilter, 'country' | 'currency' | 'category'>) {
  return { country: query.country, currency: query.currency, category: query.category };
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

// Cursors are opaque to clients: the last row's place in the listing order.
function encodeCursor(sortKey: string, code: string): string {
  return Buffer.from(JSON.stringify([sortKey, code])).toString('base64url');
}

function decodeCursor(cursor: string): { sortKey: string; code: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      return { sortKey: value[0], code: value[1] };
    }
  } catch {
    // Falls through to the answer below.
  }
  throw validationError('querystring.cursor: is not a cursor from this API', [
    { path: 'querystring.cursor', message: 'is not a cursor from this API' },
  ]);
}
