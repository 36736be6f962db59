import { EVENT_DATA_SCHEMAS, type EventType, OrderSummarySchema } from '@giftrelay/contracts';
import { fromMajor } from '@giftrelay/money';
import type { z } from 'zod';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Events are history: a row keeps the payload as it was sent, and webhooks delivered exactly that.
 * A field added to a type's shape since (issued_count with partial issuance, charged with FX, …)
 * is missing from the rows written before it, and the API's answer, checked against today's shape,
 * would fail for them. On the way out each stored payload is brought to today's shape from what it
 * says: a count from the status and quantity, minor units from the decimals, and null for a
 * nullable field it predates. What a row says is never changed.
 */
export function upgradeStoredData(type: EventType, data: unknown): unknown {
  if (!isObject(data)) return data;
  let out: Json = data;
  if (type.startsWith('order.') && isObject(data.order)) out = { ...data, order: upgradeOrder(data.order) };
  return fillNullables(EVENT_DATA_SCHEMAS[type], out);
}

function upgradeOrder(stored: Json): Json {
  const o: Json = { ...stored };
  const currency = typeof o.currency === 'string' ? o.currency : 'USD';
  const minor = (major: unknown) => (typeof major === 'number' ? fromMajor(major, currency) : 0);
  const status = o.status;
  const quantity = typeof o.quantity === 'number' ? o.quantity : 1;
  const releasedWhole = status === 'failed' || status === 'rejected' || status === 'cancelled';
  o.delivery_method ??= 'email';
  // Orders written before live mode existed were all sandbox orders.
  o.sandbox ??= true;
  for (const k of ['amount', 'subtotal', 'fee', 'total'] as const) o[`${k}_minor`] ??= minor(o[k]);
  o.issued_count ??= status === 'completed' ? quantity : 0;
  o.failed_count ??= status === 'failed' ? quantity : 0;
  o.voided_count ??= 0;
  const charged: Json = isObject(o.charged)
    ? { ...o.charged }
    : { currency, rate: '1', subtotal: o.subtotal, fee: o.fee, total: o.total };
  const chargedCurrency = typeof charged.currency === 'string' ? charged.currency : currency;
  const chargedMinor = (major: unknown) => (typeof major === 'number' ? fromMajor(major, chargedCurrency) : 0);
  for (const k of ['subtotal', 'fee', 'total'] as const) charged[`${k}_minor`] ??= chargedMinor(charged[k]);
  charged.released ??= releasedWhole ? charged.total : 0;
  charged.released_minor ??= chargedMinor(charged.released);
  o.charged = charged;
  return fillNullables(OrderSummarySchema, o);
}

/**
 * Gives each field of `schema` that `data` lacks its default, or null where it may be null (the
 * response check reads a missing field as missing, defaults or not).
 */
function fillNullables(schema: z.ZodType, data: Json): Json {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return data;
  let out = data;
  for (const [key, field] of Object.entries(shape)) {
    if (key in out) continue;
    const absent = field.safeParse(undefined);
    if (absent.success) {
      if (absent.data !== undefined) out = { ...out, [key]: absent.data };
      continue;
    }
    if (field.safeParse(null).success) out = { ...out, [key]: null };
  }
  return out;
}
