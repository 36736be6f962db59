import { setTimeout as sleep } from 'node:timers/promises';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import {
  type GiftCardProvider,
  type PlaceOrderInput,
  type ProviderCancellation,
  ProviderError,
  type ProviderHealth,
  type ProviderOrder,
  type ProviderProduct,
  type SandboxFailureKind,
} from '../types';
import { baseCatalog, type IssueStyle, type SandboxProduct } from './catalog';
import { generateCode, randomHex, randomId } from './codes';
import { syntheticCatalog } from './synthetic';

export interface SandboxOptions {
  db: Db;
  /** Total products wanted; the hand-written catalogue is padded with synthetic ones up to it. */
  catalogSize?: number;
  /** Share of order attempts, 0 to 1, that fail on their own (half timeouts, half provider errors). */
  failureRate?: number;
  /** How long each call takes, in milliseconds. */
  latencyMs?: number;
  /** Source of chance for failureRate; tests pass their own. */
  random?: () => number;
  /**
   * Issues play cards for products it does not list (decision 045): beside a real provider, the
   * sandbox serves sandbox organisations from the real catalogue, whose values GiftRelay checks.
   */
  anyProduct?: boolean;
}

export interface FailurePlan {
  kind: SandboxFailureKind;
  /** How many order attempts fail this way; default 1. */
  times?: number;
  /** Only attempts for this product; default any. */
  productCode?: string;
}

const PAGE_SIZE = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_REFERENCE_LENGTH = 200;
const DEFAULT_ISSUE: IssueStyle = {
  codeFormat: 'AAAA-AAAA-AAAA-AAAA',
  pinFormat: '9999',
  expiryMonths: null,
  redemptionLink: false,
  redemptionSite: null,
};

type OrderRow = Selectable<Database['sandbox_provider_orders']>;
type NewCard = Pick<OrderRow, 'provider_order_id' | 'code' | 'pin' | 'redemption_url' | 'expires_at'>;

/**
 * The default provider: a realistic catalogue and real-looking cards, issued into its own table
 * (`sandbox_provider_orders`, keyed by reference) so that repeats are idempotent across restarts
 * and processes. It can be told to fail, in-process or through the database for every process
 * (`injectFailures`), or at random (`failureRate`).
 */
export class SandboxProvider implements GiftCardProvider {
  readonly name = 'sandbox';
  readonly isSandbox = true;
  readonly #db: Db;
  readonly #failureRate: number;
  readonly #latencyMs: number;
  readonly #random: () => number;
  readonly #anyProduct: boolean;
  #products: SandboxProduct[];
  #byCode: Map<string, SandboxProduct>;

  constructor(options: SandboxOptions) {
    this.#db = options.db;
    this.#failureRate = options.failureRate ?? 0;
    this.#latencyMs = options.latencyMs ?? 0;
    this.#random = options.random ?? Math.random;
    this.#anyProduct = options.anyProduct ?? false;
    this.#products = defaultCatalog(options.catalogSize ?? 0);
    this.#byCode = new Map(this.#products.map((p) => [p.code, p]));
  }

  /**
   * Replaces the catalogue the sandbox offers (tests: a catalogue that changes between syncs).
   * Products without issue details get generic ones. `null` restores the default catalogue.
   */
  setCatalog(products: (ProviderProduct & { issue?: IssueStyle })[] | null, catalogSize = 0): void {
    this.#products = products
      ? products.map((p) => ({ ...p, issue: p.issue ?? DEFAULT_ISSUE }))
      : defaultCatalog(catalogSize);
    this.#byCode = new Map(this.#products.map((p) => [p.code, p]));
  }

  async *listCatalog(): AsyncIterable<ProviderProduct[]> {
    const products = this.#products;
    for (let i = 0; i < products.length; i += PAGE_SIZE) {
      await this.#latency();
      yield products.slice(i, i + PAGE_SIZE).map(({ issue: _issue, ...product }) => product);
    }
  }

  async placeOrder(input: PlaceOrderInput): Promise<ProviderOrder> {
    checkInput(input);
    await this.#latency();
    // One round trip, as one call to a real provider would be: take a planned failure if one is
    // left, else find the card placed earlier with this reference, or issue one. Chance is drawn
    // first and counts only when no failure was planned; a timeout has still placed the order.
    const chance = this.#chanceFailure();
    let card: NewCard | undefined;
    let refusal: ProviderError | undefined;
    try {
      card = this.#newCard(this.#orderable(input));
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      refusal = err;
    }
    const mayIssue = Boolean(card) && (!chance || chance === 'timeout');
    // The `+issue-K` knob (decision 058): a reference that is a reward of an order whose recipient
    // address has `+issue-K` before its @ is refused past its order's K-th reward.
    const rewardId = UUID.test(input.reference) ? input.reference : null;
    const { rows } = await sql<Partial<OrderRow> & { failure: SandboxFailureKind | null; capped: boolean | null }>`
      WITH cap AS (
        SELECT r.position > (substring(o.recipient_email FROM '[+]issue-([0-9]{1,3})@'))::int AS refused
        FROM rewards r JOIN orders o ON o.id = r.order_id
        WHERE r.id = ${rewardId}::uuid
      ),
      f AS (
        UPDATE sandbox_provider_failures SET remaining = remaining - 1
        WHERE id = (
          SELECT id FROM sandbox_provider_failures
          WHERE remaining > 0 AND (product_code IS NULL OR product_code = ${input.productCode})
          ORDER BY id LIMIT 1
        ) AND remaining > 0
        RETURNING kind
      ),
      prior AS (SELECT * FROM sandbox_provider_orders WHERE reference = ${input.reference}),
      ins AS (
        INSERT INTO sandbox_provider_orders
          (reference, provider_order_id, product_code, amount_minor, currency, code, pin, redemption_url, expires_at)
        SELECT ${input.reference}::text, ${card?.provider_order_id ?? null}::text, ${input.productCode}::text,
          ${input.amountMinor}::bigint, ${input.currency}::text, ${card?.code ?? null}::text, ${card?.pin ?? null}::text,
          ${card?.redemption_url ?? null}::text, ${card?.expires_at ?? null}::timestamptz
        WHERE ${mayIssue}::boolean AND NOT EXISTS (SELECT 1 FROM prior)
          AND NOT EXISTS (SELECT 1 FROM f WHERE kind <> 'timeout')
          AND NOT EXISTS (SELECT 1 FROM cap WHERE refused)
        ON CONFLICT (reference) DO NOTHING
        RETURNING *
      )
      SELECT (SELECT kind FROM f) AS failure, (SELECT refused FROM cap) AS capped, c.*
      FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM ins UNION ALL SELECT * FROM prior) AS c ON true
      LIMIT 1`.execute(this.#db);
    const { failure: planned, capped, ...found } = rows[0] ?? { failure: null, capped: null };
    const failure = planned ?? chance;
    if (failure && failure !== 'timeout') throw failureError(failure, input.productCode);
    let row = found.reference ? (found as OrderRow) : undefined;
    if (!row && capped) {
      throw new ProviderError(
        'declined',
        'The sandbox provider was told (+issue-K) to issue no more cards of this order',
      );
    }
    if (!row) {
      if (refusal) throw refusal;
      // Another attempt with this reference issued it in the meantime.
      row = await this.#findRow(input.reference);
      if (!row) throw new ProviderError('provider_error', 'The sandbox provider lost an order it had just placed');
    }
    if (row.product_code !== input.productCode || Number(row.amount_minor) !== input.amountMinor) {
      throw new ProviderError('declined', `Reference ${input.reference} was already used for a different order`);
    }
    // A real timeout is ambiguous: the order may have gone through. The sandbox's always has,
    // so callers that retry with the same reference get the card instead of a second one.
    if (failure === 'timeout') throw failureError('timeout', input.productCode);
    return toOrder(row);
  }

  async getOrder(reference: string): Promise<ProviderOrder | null> {
    await this.#latency();
    const row = await this.#findRow(reference);
    return row ? toOrder(row) : null;
  }

  /**
   * Cancels a card it issued, once (a repeat answers the same), except a prepaid card, which is
   * activated when issued and so, as with real prepaid cards, cannot be taken back.
   */
  async cancelOrder(reference: string): Promise<ProviderCancellation> {
    await this.#latency();
    const row = await this.#findRow(reference);
    if (!row) return { cancelled: false, reason: 'The provider has no card with this reference' };
    if (this.#byCode.get(row.product_code)?.payoutType === 'prepaid_card') {
      return { cancelled: false, reason: 'Prepaid cards are activated when issued and cannot be cancelled' };
    }
    await this.#db
      .updateTable('sandbox_provider_orders')
      .set({ cancelled_at: sql`coalesce(cancelled_at, now())` })
      .where('reference', '=', reference)
      .execute();
    return { cancelled: true };
  }

  async health(): Promise<ProviderHealth> {
    const started = performance.now();
    try {
      await sql`SELECT 1 FROM sandbox_provider_orders LIMIT 1`.execute(this.#db);
      return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
    } catch {
      return { ok: false, latencyMs: null, error: 'sandbox provider unreachable' };
    }
  }

  /** Makes the next order attempts fail, in this process and in every other on the same database. */
  async injectFailures(plan: FailurePlan): Promise<void> {
    const times = plan.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error('times must be a whole number of at least 1');
    await this.#db
      .insertInto('sandbox_provider_failures')
      .values({ kind: plan.kind, remaining: times, product_code: plan.productCode ?? null })
      .execute();
  }

  /** Cancels the failures still planned. */
  async clearFailures(): Promise<void> {
    await this.#db.updateTable('sandbox_provider_failures').set({ remaining: 0 }).where('remaining', '>', 0).execute();
  }

  /** How many cards the sandbox has issued, in total or for one product. */
  async issuedCount(productCode?: string): Promise<number> {
    let query = this.#db.selectFrom('sandbox_provider_orders').select((eb) => eb.fn.countAll<number>().as('n'));
    if (productCode) query = query.where('product_code', '=', productCode);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  #chanceFailure(): SandboxFailureKind | null {
    if (this.#failureRate <= 0 || this.#random() >= this.#failureRate) return null;
    return this.#random() < 0.5 ? 'timeout' : 'provider_error';
  }

  #orderable(input: PlaceOrderInput): SandboxProduct {
    const product = this.#byCode.get(input.productCode);
    if (!product && this.#anyProduct) return { issue: DEFAULT_ISSUE } as SandboxProduct;
    if (!product) throw new ProviderError('declined', `Unknown product ${input.productCode}`);
    if (product.currency !== input.currency) {
      throw new ProviderError('declined', `${input.productCode} is sold in ${product.currency}, not ${input.currency}`);
    }
    const allowed = product.denominationsMinor
      ? product.denominationsMinor.includes(input.amountMinor)
      : input.amountMinor >= product.minValueMinor && input.amountMinor <= product.maxValueMinor;
    if (!allowed)
      throw new ProviderError('declined', `${input.amountMinor} is not a value ${input.productCode} is sold in`);
    return product;
  }

  /** A new card of the product, not yet stored. */
  #newCard(product: SandboxProduct): NewCard {
    const { issue } = product;
    const now = new Date();
    return {
      provider_order_id: randomId(`SBX-${now.toISOString().slice(2, 10).replaceAll('-', '')}-`, 10),
      code: generateCode(issue.codeFormat),
      pin: issue.pinFormat ? generateCode(issue.pinFormat) : null,
      redemption_url: issue.redemptionLink
        ? `https://redeem.sandbox.example/cards/${randomHex(16)}`
        : (issue.redemptionSite ?? null),
      expires_at: issue.expiryMonths === null ? null : addMonths(now, issue.expiryMonths),
    };
  }

  #findRow(reference: string): Promise<OrderRow | undefined> {
    return this.#db
      .selectFrom('sandbox_provider_orders')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  async #latency(): Promise<void> {
    if (this.#latencyMs > 0) await sleep(this.#latencyMs);
  }
}

function defaultCatalog(size: number): SandboxProduct[] {
  const base = baseCatalog();
  if (size <= base.length) return base;
  return base.concat(syntheticCatalog(size - base.length, new Set(base.map((p) => p.code))));
}

function checkInput(input: PlaceOrderInput): void {
  if (!input.reference || input.reference.length > MAX_REFERENCE_LENGTH) {
    throw new ProviderError('declined', `The reference must be 1 to ${MAX_REFERENCE_LENGTH} characters`);
  }
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new ProviderError('declined', 'The amount must be a positive whole number of minor units');
  }
}

function failureError(kind: SandboxFailureKind, productCode: string): ProviderError {
  switch (kind) {
    case 'timeout':
      return new ProviderError(kind, 'The sandbox provider did not answer in time');
    case 'provider_error':
      return new ProviderError(kind, 'The sandbox provider had an internal error (503)');
    case 'out_of_stock':
      return new ProviderError(kind, `${productCode} is out of stock at the sandbox provider`);
    case 'declined':
      return new ProviderError(kind, 'The sandbox provider declined the order');
  }
}

function toOrder(row: OrderRow): ProviderOrder {
  return {
    reference: row.reference,
    providerOrderId: row.provider_order_id,
    productCode: row.product_code,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    code: row.code,
    pin: row.pin,
    redemptionUrl: row.redemption_url,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}
