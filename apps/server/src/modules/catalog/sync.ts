import { createHash } from 'node:crypto';
import {
  currencyExponent,
  isCurrencyCode,
  normalizeCountryCode,
  PAYOUT_TYPES,
  PRODUCT_CATEGORY_MAX_LENGTH,
} from '@giftrelay/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { GiftCardProvider, ProviderProduct } from '../../providers/gift-cards/types';
import { catalogChanged } from './cache';
import {
  finishSyncRun,
  lockCatalogForSync,
  type ProductWrite,
  productFingerprints,
  retireProducts,
  startSyncRun,
  upsertProducts,
} from './repository';
import { searchable } from './service';

export interface SyncResult {
  received: number;
  added: number;
  updated: number;
  retired: number;
  skipped: number;
}

export class CatalogSyncError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogSyncError';
  }
}

/**
 * Copies the provider's catalogue into `products`: new products are added, changed ones
 * rewritten, unchanged ones left alone, and products the provider no longer lists marked
 * unavailable (never deleted). The provider is read before the transaction, so a slow provider
 * holds no lock; the writes apply at once, one sync at a time across processes.
 */
export async function syncCatalog(
  db: Db,
  provider: GiftCardProvider,
  trigger: Database['catalog_sync_runs']['trigger'],
  log?: FastifyBaseLogger,
): Promise<SyncResult> {
  const runId = await startSyncRun(db, provider.name, trigger);
  try {
    const incoming = new Map<string, ProductWrite>();
    let received = 0;
    let skipped = 0;
    for await (const page of provider.listCatalog()) {
      for (const product of page) {
        received++;
        const row = toProductWrite(product, provider.name);
        if (typeof row === 'string' || incoming.has(product.code)) {
          skipped++;
          const problem = typeof row === 'string' ? row : 'the code appears twice';
          log?.warn({ product: product.code, problem }, 'catalogue sync skipped a product');
          continue;
        }
        incoming.set(row.code, row);
      }
    }

    const changes = await db.transaction().execute(async (trx) => {
      await lockCatalogForSync(trx);
      const existing = await productFingerprints(trx);
      const writes: ProductWrite[] = [];
      let added = 0;
      let updated = 0;
      for (const row of incoming.values()) {
        const current = existing.get(row.code);
        if (!current) added++;
        else if (current.contentHash !== row.content_hash || !current.available) updated++;
        else continue;
        writes.push(row);
      }
      const retired = [...existing].filter(([code, p]) => p.available && !incoming.has(code)).map(([code]) => code);
      if (incoming.size === 0 && retired.length > 0) {
        // An empty answer is far likelier a provider fault than a provider that sells nothing.
        throw new CatalogSyncError('the provider listed no valid products; the current catalogue is kept');
      }
      await upsertProducts(trx, writes);
      await retireProducts(trx, retired);
      return { added, updated, retired: retired.length };
    });
    if (changes.added || changes.updated || changes.retired) catalogChanged();
    const result = { received, skipped, ...changes };
    await finishSyncRun(db, runId, { status: 'succeeded', ...result });
    return result;
  } catch (err) {
    await finishSyncRun(db, runId, { status: 'failed', error: (err as Error).message }).catch(() => {});
    throw err;
  }
}

/** The row for a provider's product, or what is wrong with it. */
export function toProductWrite(p: ProviderProduct, provider: string): ProductWrite | string {
  if (!/^[A-Z0-9][A-Z0-9-]{0,63}$/.test(p.code)) return 'the code must be 1 to 64 capital letters, digits or dashes';
  const country = normalizeCountryCode(p.country);
  if (!country) return `unknown country ${p.country}`;
  if (!isCurrencyCode(p.currency)) return `unknown currency ${p.currency}`;
  const amounts = [p.minValueMinor, p.maxValueMinor, ...(p.denominationsMinor ?? [])];
  if (!amounts.every((a) => Number.isSafeInteger(a) && a > 0)) return 'amounts must be positive whole minor units';
  if (p.minValueMinor > p.maxValueMinor) return 'the minimum value is above the maximum';
  if (p.denominationsMinor) {
    if (p.denominationsMinor.length === 0) return 'a fixed-value product needs at least one value';
    if (p.denominationsMinor.some((d) => d < p.minValueMinor || d > p.maxValueMinor)) {
      return 'a fixed value lies outside the minimum and maximum';
    }
  }
  if (!(PAYOUT_TYPES as readonly string[]).includes(p.payoutType)) return `unknown payout type ${p.payoutType}`;
  if (!p.name.trim() || !p.brand.trim()) return 'the name and brand must not be empty';
  if (!p.category.trim() || p.category.length > PRODUCT_CATEGORY_MAX_LENGTH) {
    return `the category must be 1 to ${PRODUCT_CATEGORY_MAX_LENGTH} characters`;
  }
  if (!p.logoSvg.trimStart().startsWith('<svg')) return 'the logo must be SVG markup';

  const denominations = p.denominationsMinor ? [...p.denominationsMinor].sort((a, b) => a - b) : null;
  const fields = {
    code: p.code,
    provider,
    name: p.name.trim(),
    brand: p.brand.trim(),
    country,
    currency: p.currency,
    currency_exponent: currencyExponent(p.currency),
    min_value: p.minValueMinor,
    max_value: p.maxValueMinor,
    denominations,
    payout_type: p.payoutType,
    category: p.category.trim(),
    logo_svg: p.logoSvg,
    description: p.description,
    redemption_instructions: p.redemptionInstructions,
    terms: p.terms,
  };
  return {
    ...fields,
    sort_key: searchable(fields.name),
    search_text: searchable(`${fields.brand} ${fields.name}`),
    content_hash: createHash('sha256').update(JSON.stringify(fields)).digest('base64url'),
  };
}
