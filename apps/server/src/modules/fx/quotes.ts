import { type CreateFxQuoteBody, FX_QUOTE_SECONDS, type FxQuote } from '@giftrelay/contracts';
import type { Db } from '../../db/database';
import { AppError, validationError } from '../../lib/errors';
import { organisationBilling } from '../ledger';
import { findQuote, insertQuote, type QuoteRow } from './quotes-repository';
import { getRate, type Rate } from './rates';

/**
 * FX quotes (issue 16, decision 039): the rate from a product's currency to the organisation's
 * billing currency, locked for FX_QUOTE_SECONDS. The send dialog and the bulk preview show a
 * quote's total and send its id, so the total the person confirmed is the total charged; an
 * order naming a quote that has run out is refused (409 QUOTE_EXPIRED), never charged at
 * another rate.
 */
export async function createQuote(db: Db, organisationId: string, body: CreateFxQuoteBody): Promise<FxQuote> {
  const billing = (await organisationBilling(db, organisationId)).billing_currency;
  const to = body.to ?? billing;
  if (to !== billing) {
    const message = `orders are charged in ${billing}, the organisation’s billing currency`;
    throw validationError(`body.to: ${message}`, [{ path: 'body.to', message }]);
  }
  const quote = await holdRateFor(db, organisationId, body.from, to, FX_QUOTE_SECONDS);
  if (!quote) throw new AppError('NOT_FOUND', `No exchange rate from ${body.from} to ${to}`);
  return quote;
}

/**
 * A quote held for `seconds` instead of FX_QUOTE_SECONDS: an MCP preview (decision 074) locks the
 * rate it shows for as long as the preview may be sent. Null when there is no rate for the pair.
 */
export async function holdRateFor(
  db: Db,
  organisationId: string,
  from: string,
  to: string,
  seconds: number,
): Promise<FxQuote | null> {
  const rate = getRate(from, to);
  if (!rate) return null;
  const row = await insertQuote(
    db,
    { organisation_id: organisationId, from_currency: from, to_currency: to, rate: rate.rate, source: rate.source },
    seconds,
  );
  return presentQuote(row);
}

function presentQuote(row: QuoteRow): FxQuote {
  return {
    success: true,
    quote_id: row.id,
    from: row.from_currency,
    to: row.to_currency,
    rate: row.rate,
    source: row.source,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    expires_in: FX_QUOTE_SECONDS,
  };
}

/**
 * The rate an order names by `quote_id`: the organisation's quote for exactly this pair, still
 * held. 400 for an unknown quote (another organisation's included) or another pair, 409
 * QUOTE_EXPIRED once it has run out.
 */
export async function quotedRate(
  db: Db,
  organisationId: string,
  quoteId: string,
  from: string,
  to: string,
): Promise<Rate> {
  const quote = await findQuote(db, organisationId, quoteId);
  if (!quote) {
    const message = 'is not an FX quote of this organisation';
    throw validationError(`body.quote_id: ${message}`, [{ path: 'body.quote_id', message }]);
  }
  if (quote.from_currency !== from || quote.to_currency !== to) {
    const message = `the quote is for ${quote.from_currency} → ${quote.to_currency}; this order is ${from} → ${to}`;
    throw validationError(`body.quote_id: ${message}`, [{ path: 'body.quote_id', message }]);
  }
  if (!quote.live) {
    throw new AppError(
      'QUOTE_EXPIRED',
      `The FX quote expired at ${quote.expires_at.toISOString()}: ask for a new quote and confirm the new total`,
    );
  }
  return { rate: quote.rate, from, to, source: quote.source };
}

/**
 * The rates a batch names by `quote_ids` (decision 043), by the currency each converts from:
 * every one the organisation's, into `to`, one per currency, and still held. 400 on
 * `body.quote_ids` otherwise, 409 QUOTE_EXPIRED for one that has run out.
 */
export async function quotedRates(
  db: Db,
  organisationId: string,
  quoteIds: readonly string[],
  to: string,
): Promise<Map<string, Rate>> {
  const rates = new Map<string, Rate>();
  const refuse = (message: string) =>
    validationError(`body.quote_ids: ${message}`, [{ path: 'body.quote_ids', message }]);
  for (const id of quoteIds) {
    const quote = await findQuote(db, organisationId, id);
    if (!quote) throw refuse(`${id} is not an FX quote of this organisation`);
    if (quote.to_currency !== to)
      throw refuse(`quote ${id} converts into ${quote.to_currency}; orders are charged in ${to}`);
    if (rates.has(quote.from_currency)) throw refuse(`two quotes convert from ${quote.from_currency}: send one`);
    if (!quote.live) {
      throw new AppError(
        'QUOTE_EXPIRED',
        `The FX quote for ${quote.from_currency} expired at ${quote.expires_at.toISOString()}: ask for a new quote and confirm the new total`,
      );
    }
    rates.set(quote.from_currency, { rate: quote.rate, from: quote.from_currency, to, source: quote.source });
  }
  return rates;
}
