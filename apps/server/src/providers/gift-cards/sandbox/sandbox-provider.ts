import { setTimeout as sleep } from 'node:timers/promises';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { SandboxProviderOrdersTable } from '../../../db/schema';
import {
  type GiftCardProvider,
  type PlaceOrderInput,
  ProviderError,
  type ProviderErrorKind,
  type ProviderHealth,
  type ProviderOrder,
  type ProviderProduct,
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
}

export interface FailurePlan {
  kind: ProviderErrorKind;
  /** How many order attempts fail this way; default 1. */
  times?: number;
  /** Only attempts for this product; default any. */
  productCode?: string;
}

const PAGE_SIZE = 500;
const MAX_REFERENCE_LENGTH = 200;
const DEFAULT_ISSUE: IssueStyle = {
  codeFormat: 'AAAA-AAAA-AAAA-AAAA',
  pinFormat: '9999',
  expiryMonths: null,
  redemptionLink: false,
};

type OrderRow = Selectable<SandboxProviderOrdersTable>;

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
  #products: SandboxProduct[];
  #byCode: Map<string, SandboxProduct>;

  constructor(options: SandboxOptions) {
    this.#db = options.db;
    this.#failureRate = options.failureRate ?? 0;
    this.#latencyMs = options.latencyMs ?? 0;
    this.#random = options.random ?? Math.random;
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
    const failure = (await this.#takePlannedFailure(input.productCode)) ?? this.#chanceFailure();
    if (failure && failure !== 'timeout') throw failureError(failure, input.productCode);

    let row = await this.#findRow(input.reference);
    if (!row) {
      const product = this.#orderable(input);
      row = await this.#issue(input, product);
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

  async #takePlannedFailure(productCode: string): Promise<ProviderErrorKind | null> {
    // The row lock makes concurrent attempts take one failure each, never the same one twice.
    const taken = await sql<{ kind: ProviderErrorKind }>`
      UPDATE sandbox_provider_failures SET remaining = remaining - 1
      WHERE id = (
        SELECT id FROM sandbox_provider_failures
        WHERE remaining > 0 AND (product_code IS NULL OR product_code = ${productCode})
        ORDER BY id LIMIT 1
      ) AND remaining > 0
      RETURNING kind`.execute(this.#db);
    return taken.rows[0]?.kind ?? null;
  }

  #chanceFailure(): ProviderErrorKind | null {
    if (this.#failureRate <= 0 || this.#random() >= this.#failureRate) return null;
    return this.#random() < 0.5 ? 'timeout' : 'provider_error';
  }

  #orderable(input: PlaceOrderInput): SandboxProduct {
    const product = this.#byCode.get(input.productCode);
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

  async #issue(input: PlaceOrderInput, product: SandboxProduct): Promise<OrderRow> {
    const { issue } = product;
    const now = new Date();
    const values = {
      reference: input.reference,
      provider_order_id: randomId(`SBX-${now.toISOString().slice(2, 10).replaceAll('-', '')}-`, 10),
      product_code: input.productCode,
      amount_minor: input.amountMinor,
      currency: input.currency,
      code: generateCode(issue.codeFormat),
      pin: issue.pinFormat ? generateCode(issue.pinFormat) : null,
      redemption_url: issue.redemptionLink ? `https://redeem.sandbox.example/cards/${randomHex(16)}` : null,
      expires_at: issue.expiryMonths === null ? null : addMonths(now, issue.expiryMonths),
    };
    // Two attempts with one reference at once: the second finds the first's card.
    const inserted = await this.#db
      .insertInto('sandbox_provider_orders')
      .values(values)
      .onConflict((oc) => oc.column('reference').doNothing())
      .returningAll()
      .executeTakeFirst();
    const row = inserted ?? (await this.#findRow(input.reference));
    if (!row) throw new ProviderError('provider_error', 'The sandbox provider lost an order it had just placed');
    return row;
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

function failureError(kind: ProviderErrorKind, productCode: string): ProviderError {
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
