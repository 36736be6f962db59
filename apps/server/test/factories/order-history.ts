import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { convertMinor, orderAmounts, processingFee } from '@giftrelay/money';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema';
import { encryptSecret, newUrlToken, type SecretKey } from '../../src/lib/crypto';
import { getRate } from '../../src/modules/fx/rates';

/**
 * Order history for scale tests and demos: `npm run seed:orders`, `npm run bench:dashboard` and
 * the reporting tests. Seeded orders are final (delivered or failed) and written with their
 * rewards (encrypted codes, working claim links) and their status history, in batches through
 * the same tables, triggers and rollups as real orders. They carry no ledger entries: history,
 * not money, so the organisation's balance is untouched.
 */
export interface SeedProduct {
  id: string;
  code: string;
  name: string;
  brand: string;
  category: string;
  country: string;
  currency: string;
  minMinor: number;
  maxMinor: number;
  denominations: number[] | null;
}

export interface HistoricalOrder {
  product: SeedProduct;
  amountMinor: number;
  quantity: number;
  recipientEmail: string;
  recipientName?: string | null;
  message?: string | null;
  status: 'completed' | 'failed';
  createdAt: Date;
  /** How many of its rewards' claim links were opened (completed orders). */
  claimed?: number;
}

/** A small fast PRNG (mulberry32), so a seed number gives the same history every time. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Products a company would send: available, chargeable in USD, mostly from a few big markets. */
export async function seedProducts(db: Kysely<Database>, count = 40, seed = 1): Promise<SeedProduct[]> {
  const rows = await db
    .selectFrom('products')
    .select([
      'id',
      'code',
      'name',
      'brand',
      'category',
      'country',
      'currency',
      'min_value',
      'max_value',
      'denominations',
    ])
    .where('available', '=', true)
    .where('country', 'in', ['US', 'GB', 'CA', 'DE', 'FR', 'AU', 'ES', 'NL', 'IE', 'IT'])
    .orderBy('sort_key')
    .limit(2000)
    .execute();
  const usable = rows.filter((r) => getRate(r.currency, 'USD'));
  const random = prng(seed);
  const picked: SeedProduct[] = [];
  const seenBrands = new Set<string>();
  while (picked.length < count && usable.length > 0) {
    const [r] = usable.splice(Math.floor(random() * usable.length), 1);
    if (!r || seenBrands.has(`${r.brand}|${r.country}`)) continue;
    seenBrands.add(`${r.brand}|${r.country}`);
    picked.push({
      id: r.id,
      code: r.code,
      name: r.name,
      brand: r.brand,
      category: r.category,
      country: r.country,
      currency: r.currency,
      minMinor: Number(r.min_value),
      maxMinor: Number(r.max_value),
      denominations: r.denominations?.map(Number) ?? null,
    });
  }
  if (picked.length === 0) throw new Error('No products to seed orders with: has the catalogue synced?');
  return picked;
}

const FIRST = [
  'Ada',
  'Ben',
  'Chloé',
  'Dev',
  'Emma',
  'Finn',
  'Grace',
  'Hiro',
  'Isla',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Noah',
  'Olu',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tariq',
  'Uma',
  'Viktor',
  'Wen',
  'Xavi',
  'Yara',
  'Zoe',
];
const LAST = [
  'Adams',
  'Okafor',
  'Brown',
  'Nguyen',
  'García',
  'Kowalski',
  'Patel',
  'Smith',
  "O'Brien",
  'Müller',
  'Rossi',
  'Tanaka',
  'Silva',
  'Johansson',
  'Dubois',
  'Khan',
  'Walker',
  'Moreau',
  'Novak',
  'Lee',
];
const COMPANIES = ['northwind', 'contoso', 'initech', 'globex', 'umbrella', 'acme', 'hooli', 'vandelay'];
const AMOUNTS = [1000, 2000, 2500, 5000, 7500, 10000, 15000, 20000, 25000, 50000];

/** `count` realistic orders spread over [from, to): skewed to a few products and repeat recipients. */
export function generateOrders(
  products: SeedProduct[],
  o: { count: number; from: Date; to: Date; seed?: number; recipients?: number },
): HistoricalOrder[] {
  const random = prng(o.seed ?? 42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  // Product i is chosen with weight 1 / (i + 1): a few favourites and a long tail.
  const weights = products.map((_, i) => 1 / (i + 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const product = () => {
    let r = random() * totalWeight;
    for (let i = 0; i < products.length; i++) {
      r -= weights[i] as number;
      if (r <= 0) return products[i] as SeedProduct;
    }
    return products[products.length - 1] as SeedProduct;
  };
  const span = o.to.getTime() - o.from.getTime();
  const pool = o.recipients ?? 5000;
  const out: HistoricalOrder[] = [];
  for (let i = 0; i < o.count; i++) {
    const p = product();
    const allowed = p.denominations?.length
      ? p.denominations
      : AMOUNTS.filter((a) => a >= p.minMinor && a <= p.maxMinor);
    const amountMinor = allowed.length ? pick(allowed) : p.minMinor;
    const r = random();
    const quantity = r < 0.85 ? 1 : r < 0.97 ? 2 + Math.floor(random() * 2) : 5 + Math.floor(random() * 6);
    const person = Math.floor(random() ** 2 * pool);
    const first = FIRST[person % FIRST.length] as string;
    const last = LAST[Math.floor(person / FIRST.length) % LAST.length] as string;
    const company = COMPANIES[person % COMPANIES.length] as string;
    const local = `${first}.${last}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    const failed = random() < 0.04;
    out.push({
      product: p,
      amountMinor,
      quantity,
      recipientEmail: `${local}${person}@${company}.example`,
      recipientName: `${first} ${last}`,
      status: failed ? 'failed' : 'completed',
      createdAt: new Date(o.from.getTime() + Math.floor(random() * span)),
      claimed: failed ? 0 : Math.round(quantity * (random() < 0.7 ? 1 : 0)),
    });
  }
  return out;
}

const ORDER_COLUMNS = [
  'id',
  'organisation_id',
  'created_by',
  'product_id',
  'product_code',
  'product_name',
  'brand',
  'category',
  'country',
  'currency',
  'amount_minor',
  'quantity',
  'subtotal_minor',
  'fee_minor',
  'total_minor',
  'charge_currency',
  'fx_rate',
  'charged_subtotal_minor',
  'charged_fee_minor',
  'charged_total_minor',
  'recipient_email',
  'recipient_name',
  'message',
  'status',
  'failure_reason',
  'created_at',
  'completed_at',
  'failed_at',
] as const;
const REWARD_COLUMNS = [
  'order_id',
  'organisation_id',
  'position',
  'status',
  'provider_order_id',
  'code_encrypted',
  'code_last4',
  'claim_token_hash',
  'claim_token_encrypted',
  'claim_first_opened_at',
  'claim_last_opened_at',
  'claim_open_count',
  'issued_at',
  'created_at',
] as const;
const EVENT_COLUMNS = ['order_id', 'organisation_id', 'type', 'payload', 'created_at'] as const;

const insertJson = (table: string, columns: readonly string[], rows: unknown[]) => {
  const list = sql.raw(columns.join(', '));
  return sql`INSERT INTO ${sql.table(table)} (${list})
    SELECT ${list} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::json)`;
};

/** Writes finished orders with their rewards and history; one transaction per call. */
export async function insertHistoricalOrders(
  db: Kysely<Database>,
  o: { organisationId: string; createdBy?: string | null; key: SecretKey; orders: HistoricalOrder[] },
): Promise<string[]> {
  const orders: Record<string, unknown>[] = [];
  const rewards: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  for (const h of o.orders) {
    const id = randomUUID();
    const p = h.product;
    const rate = getRate(p.currency, 'USD');
    if (!rate) throw new Error(`no rate for ${p.currency}`);
    const face = orderAmounts(h.amountMinor, h.quantity);
    const chargedSubtotal = convertMinor(face.subtotal, p.currency, 'USD', rate.rate);
    const chargedFee = processingFee(chargedSubtotal);
    const done = new Date(h.createdAt.getTime() + 1500);
    const iso = h.createdAt.toISOString();
    const failed = h.status === 'failed';
    orders.push({
      id,
      organisation_id: o.organisationId,
      created_by: o.createdBy ?? null,
      product_id: p.id,
      product_code: p.code,
      product_name: p.name,
      brand: p.brand,
      category: p.category,
      country: p.country,
      currency: p.currency,
      amount_minor: h.amountMinor,
      quantity: h.quantity,
      subtotal_minor: face.subtotal,
      fee_minor: face.fee,
      total_minor: face.total,
      charge_currency: 'USD',
      fx_rate: rate.rate,
      charged_subtotal_minor: chargedSubtotal,
      charged_fee_minor: chargedFee,
      charged_total_minor: chargedSubtotal + chargedFee,
      recipient_email: h.recipientEmail.toLowerCase(),
      recipient_name: h.recipientName ?? null,
      message: h.message ?? null,
      status: h.status,
      failure_reason: failed ? 'This gift card is out of stock at the provider' : null,
      created_at: iso,
      completed_at: failed ? null : done.toISOString(),
      failed_at: failed ? done.toISOString() : null,
    });
    for (let position = 1; position <= h.quantity; position++) {
      const token = newUrlToken();
      const code = randomBytes(8).toString('hex').toUpperCase();
      const opened = !failed && position <= (h.claimed ?? 0);
      const openedAt = opened ? new Date(done.getTime() + 3_600_000).toISOString() : null;
      rewards.push({
        order_id: id,
        organisation_id: o.organisationId,
        position,
        status: failed ? 'failed' : 'issued',
        provider_order_id: failed ? null : `seed-${createHash('sha1').update(token.hash).digest('hex').slice(0, 12)}`,
        code_encrypted: failed ? null : encryptSecret(o.key, code),
        code_last4: failed ? null : code.slice(-4),
        claim_token_hash: token.hash,
        claim_token_encrypted: encryptSecret(o.key, token.token),
        claim_first_opened_at: openedAt,
        claim_last_opened_at: openedAt,
        claim_open_count: opened ? 1 : 0,
        issued_at: failed ? null : done.toISOString(),
        created_at: iso,
      });
    }
    events.push({
      order_id: id,
      organisation_id: o.organisationId,
      type: 'order.created',
      payload: {},
      created_at: iso,
    });
    events.push({
      order_id: id,
      organisation_id: o.organisationId,
      type: failed ? 'order.failed' : 'order.completed',
      payload: failed ? { reason: 'This gift card is out of stock at the provider' } : {},
      created_at: done.toISOString(),
    });
  }
  await db.transaction().execute(async (tx) => {
    await insertJson('orders', ORDER_COLUMNS, orders).execute(tx);
    await insertJson('rewards', REWARD_COLUMNS, rewards).execute(tx);
    await insertJson('order_events', EVENT_COLUMNS, events).execute(tx);
  });
  return orders.map((r) => r.id as string);
}

/**
 * Generates and writes `count` orders in batches, reporting progress after each. With
 * `concurrency` above 1 (PostgreSQL), several batches are in flight at once, so generating and
 * encrypting one overlaps with the database writing another.
 */
export async function seedOrders(
  db: Kysely<Database>,
  o: {
    organisationId: string;
    createdBy?: string | null;
    key: SecretKey;
    count: number;
    from: Date;
    to: Date;
    seed?: number;
    batchSize?: number;
    concurrency?: number;
    onProgress?: (done: number) => void;
  },
): Promise<void> {
  const products = await seedProducts(db, 40, o.seed ?? 1);
  const batch = o.batchSize ?? 2000;
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < o.count) {
      const start = next;
      const n = Math.min(batch, o.count - start);
      next += n;
      const orders = generateOrders(products, {
        count: n,
        from: o.from,
        to: o.to,
        seed: (o.seed ?? 1) * 1_000_003 + start,
      });
      await insertHistoricalOrders(db, {
        organisationId: o.organisationId,
        createdBy: o.createdBy,
        key: o.key,
        orders,
      });
      done += n;
      o.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 1) }, worker));
}
