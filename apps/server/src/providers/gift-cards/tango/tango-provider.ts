import { parseAmount, toMajor } from '@giftrelay/money';
import type { Config } from '../../../config';
import type { Db } from '../../../db/database';
import { monogramSvg } from '../sandbox/logo';
import {
  type GiftCardProvider,
  type PlaceOrderInput,
  type ProviderCancellation,
  ProviderError,
  type ProviderHealth,
  type ProviderOrder,
  type ProviderProduct,
} from '../types';
import { TangoClient } from './client';
import { DatabaseRateLimiter } from './rate-limiter';
import {
  TangoAccountSchema,
  type TangoBrand,
  TangoCatalogSchema,
  type TangoItem,
  type TangoOrder,
  TangoOrderListSchema,
  type TangoOrderRequest,
  TangoOrderSchema,
} from './schemas';

/** The configuration's `giftCards.tango` (checked at boot), and the database for the rate limit. */
export type TangoOptions = Omit<NonNullable<Config['giftCards']['tango']>, 'lowBalance'> & { db: Db };

/** Products handed to the catalogue sync at a time. */
const CATALOG_PAGE = 500;
const LOGO_COLOURS = ['#1e293b', '#ffffff'] as const;
const HEALTH_TTL_MS = 60_000;

/**
 * Tango Card's Rewards as a Service (RaaS v2) behind the GiftCardProvider interface (issue 17).
 * A product's code is Tango's UTID; an order's `externalRefID` is our reward id, so placing it
 * again answers the order first placed (Tango answers 200 instead of 201). `sendEmail` is false:
 * GiftRelay sends its own email. When a request may have arrived without an answer (a timeout,
 * a 5xx), the order is looked up by its reference before the error goes back, so a retry never
 * issues a second card and an issued one is never lost.
 */
export class TangoProvider implements GiftCardProvider {
  readonly name = 'tango';
  readonly isSandbox = false;
  readonly #client: TangoClient;
  #health: { at: number; value: ProviderHealth } | undefined;
  #healthInFlight: Promise<ProviderHealth> | undefined;

  constructor(private readonly opts: TangoOptions) {
    this.#client = new TangoClient({
      baseUrl: opts.baseUrl,
      platformName: opts.platformName,
      platformKey: opts.platformKey,
      timeoutMs: opts.timeoutMs,
      limiter: new DatabaseRateLimiter(opts.db, 'tango', opts.requestsPerSecond),
    });
  }

  async *listCatalog(): AsyncIterable<ProviderProduct[]> {
    const { data } = await this.#client.request('GET', '/catalogs?verbose=true', TangoCatalogSchema);
    let page: ProviderProduct[] = [];
    for (const brand of data.brands) {
      for (const item of brand.items) {
        const product = toProduct(brand, item);
        if (!product) continue;
        page.push(product);
        if (page.length === CATALOG_PAGE) {
          yield page;
          page = [];
        }
      }
    }
    if (page.length) yield page;
  }

  async placeOrder(input: PlaceOrderInput): Promise<ProviderOrder> {
    const request: TangoOrderRequest = {
      accountIdentifier: this.opts.accountId,
      customerIdentifier: this.opts.customerId,
      utid: input.productCode,
      amount: toMajor(input.amountMinor, input.currency),
      externalRefID: input.reference,
      sendEmail: false,
    };
    try {
      const { data } = await this.#client.request('POST', '/orders', TangoOrderSchema, request);
      return toOrder(data, input.reference);
    } catch (err) {
      // Ambiguous: the order may have been placed. Look before saying it failed.
      if (err instanceof ProviderError && (err.kind === 'timeout' || err.kind === 'provider_error') && err.retryable) {
        const placed = await this.getOrder(input.reference).catch(() => null);
        if (placed) return placed;
      }
      throw err;
    }
  }

  async getOrder(reference: string): Promise<ProviderOrder | null> {
    const query = new URLSearchParams({ externalRefID: reference, elementsPerBlock: '1' });
    const { data } = await this.#client.request('GET', `/orders?${query}`, TangoOrderListSchema);
    const order = data.orders.find((o) => o.externalRefID === reference);
    if (!order) return null;
    // The list may leave the credentials out: the order itself has them.
    if (order.reward?.credentialList?.length || order.reward?.credentials) return toOrder(order, reference);
    const full = await this.#client.request(
      'GET',
      `/orders/${encodeURIComponent(order.referenceOrderID)}`,
      TangoOrderSchema,
    );
    return toOrder(full.data, reference);
  }

  async cancelOrder(_reference: string): Promise<ProviderCancellation> {
    return {
      cancelled: false,
      reason: 'Tango Card does not cancel an issued reward through its API; ask Tango Card support to freeze it',
    };
  }

  /**
   * `/api/health` is public and polled: its look at Tango is kept for HEALTH_TTL_MS, so no caller
   * can spend the platform's one request a second (and delay orders) by asking often.
   */
  async health(opts: { fresh?: boolean } = {}): Promise<ProviderHealth> {
    const now = Date.now();
    if (!opts.fresh && this.#health && now - this.#health.at < HEALTH_TTL_MS) return this.#health.value;
    this.#healthInFlight ??= this.#checkHealth().finally(() => {
      this.#healthInFlight = undefined;
    });
    const value = await this.#healthInFlight;
    this.#health = { at: Date.now(), value };
    return value;
  }

  async #checkHealth(): Promise<ProviderHealth> {
    const started = performance.now();
    try {
      const funds = await this.balance();
      return { ok: true, latencyMs: Math.round(performance.now() - started), funds };
    } catch (err) {
      return { ok: false, latencyMs: null, error: (err as Error).message };
    }
  }

  /** What GiftRelay's Tango account holds, in minor units, for the health check and the low-funds alert. */
  async balance(): Promise<{ currency: string; availableMinor: number }> {
    const { data } = await this.#client.request(
      'GET',
      `/accounts/${encodeURIComponent(this.opts.accountId)}`,
      TangoAccountSchema,
    );
    return {
      currency: data.currencyCode,
      availableMinor: parseAmount(data.currentBalance, data.currencyCode) ?? 0,
    };
  }
}

/** A catalogue item as a product; null for one GiftRelay cannot offer (inactive, no country, odd values). */
export function toProduct(brand: TangoBrand, item: TangoItem): ProviderProduct | null {
  if (item.status.toLowerCase() !== 'active') return null;
  const country = item.countries[0];
  if (!country) return null;
  const minor = (v: number | null | undefined) =>
    v === null || v === undefined ? undefined : parseAmount(v, item.currencyCode);
  let min: number | undefined;
  let max: number | undefined;
  let denominations: number[] | null = null;
  if (item.valueType === 'FIXED_VALUE') {
    const face = minor(item.faceValue);
    if (!face) return null;
    min = face;
    max = face;
    denominations = [face];
  } else {
    min = minor(item.minValue);
    max = minor(item.maxValue);
    if (!min || !max) return null;
  }
  return {
    code: item.utid.toUpperCase(),
    name: item.rewardName,
    brand: brand.brandName,
    country,
    currency: item.currencyCode,
    minValueMinor: min,
    maxValueMinor: max,
    denominationsMinor: denominations,
    payoutType: /visa|mastercard|prepaid/i.test(`${item.rewardType ?? ''} ${brand.brandName}`)
      ? 'prepaid_card'
      : 'gift_card',
    category: brand.categories?.[0]?.name?.slice(0, 60) || 'Gift cards',
    logoSvg: monogramSvg(brand.brandName, LOGO_COLOURS),
    description: plainText(brand.shortDescription || brand.description || ''),
    redemptionInstructions: plainText(item.redemptionInstructions || ''),
    terms: plainText(brand.terms || brand.disclaimer || ''),
  };
}

/** Tango's descriptions are HTML: the text of it, never markup (the app escapes what it shows). */
function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/p>|<\/li>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, 5000);
}

/** Tango's order as ours: the card's code, PIN and link from its credentials, whatever their labels. */
export function toOrder(order: TangoOrder, reference: string): ProviderOrder {
  const list =
    order.reward?.credentialList ??
    Object.entries(order.reward?.credentials ?? {}).map(([label, value]) => ({
      label,
      value,
      credentialType: undefined,
    }));
  const find = (...kinds: string[]) =>
    list.find((c) => kinds.includes((c.credentialType ?? '').toLowerCase()) || kinds.includes(c.label.toLowerCase()))
      ?.value;
  const code = find('claimcode', 'cardnumber', 'claim code', 'card number', 'code');
  const url = find('redemptionurl', 'redemption url', 'link');
  if (!code && !url) {
    throw new ProviderError('provider_error', `Tango Card's order ${order.referenceOrderID} has no credentials yet`);
  }
  const expires = find('expirationdate', 'expiration date');
  const expiresAt = expires ? new Date(expires) : null;
  return {
    reference,
    providerOrderId: order.referenceOrderID,
    productCode: order.utid.toUpperCase(),
    amountMinor: parseAmount(order.amount.value, order.amount.currencyCode) ?? 0,
    currency: order.amount.currencyCode,
    code: code ?? (url as string),
    pin: find('pin', 'securitycode', 'security code') ?? null,
    redemptionUrl: url ?? null,
    expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null,
    createdAt: new Date(order.createdAt),
  };
}
