import {
  addDays,
  daysBetween,
  ledgerKindLabel,
  STATEMENT_MAX_DAYS,
  type StatementQuery,
  startOfUtcDay,
  utcDay,
} from '@giftrelay/contracts';
import { toDecimalString } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { CSV_BOM, type CsvCell, csvRow } from '../../lib/csv';
import { validationError } from '../../lib/errors';
import * as history from './history-repository';

/**
 * The statement of a period (decision 047): the balances at its start, every entry that moved the
 * organisation's current available or held balance in it (oldest first, with both balances
 * after each), the balances at its end and the totals by kind, as CSV or PDF. Read in keyset
 * batches as the download is taken, so memory stays flat however long the period; the closing
 * balances are the opening ones plus what was listed, so the file always adds up.
 */

const BATCH = 1000;

export interface StatementPeriod {
  /** Inclusive UTC days. */
  from: string;
  to: string;
}

/** The period asked for, checked: `to` after today is today; `from` after today, or a period too long, is 400. */
export function statementPeriod(q: Pick<StatementQuery, 'from' | 'to'>, now = new Date()): StatementPeriod {
  const today = utcDay(now);
  if (q.from > today) {
    throw validationError('query.from: must not be after today (UTC)', [
      { path: 'query.from', message: 'must not be after today (UTC)' },
    ]);
  }
  const to = q.to > today ? today : q.to;
  if (daysBetween(q.from, to) + 1 > STATEMENT_MAX_DAYS) {
    const message = `the period must be at most ${STATEMENT_MAX_DAYS} days long`;
    throw validationError(`query.from: ${message}`, [{ path: 'query.from', message }]);
  }
  return { from: q.from, to };
}

export const statementFilename = (p: StatementPeriod, format: 'csv' | 'pdf') =>
  `giftrelay-statement-${p.from}-${p.to}.${format}`;

export interface Balances {
  availableMinor: number;
  heldMinor: number;
}

export interface StatementHeader {
  organisation: string;
  currency: string;
  sandbox: boolean;
  period: StatementPeriod;
  generatedAt: Date;
  opening: Balances;
}

export interface StatementLine extends history.HistoryRow {
  availableAfterMinor: number;
  heldAfterMinor: number;
}

export interface KindTotal {
  kind: string;
  entries: number;
  availableDebitMinor: number;
  availableCreditMinor: number;
  heldDebitMinor: number;
  heldCreditMinor: number;
}

/** A statement being read: its header at once, its lines as they are taken, then its closing and totals. */
export class StatementReader {
  readonly closing: Balances;
  private readonly kinds = new Map<string, KindTotal>();

  private constructor(
    private readonly app: FastifyInstance,
    private readonly organisationId: string,
    readonly header: StatementHeader,
  ) {
    this.closing = { ...header.opening };
  }

  static async open(app: FastifyInstance, organisationId: string, period: StatementPeriod, now = new Date()) {
    const org = await app.db
      .selectFrom('organisations')
      .select(['name', 'billing_currency', 'sandbox'])
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow();
    const opening = await history.openingBalances(
      app.db,
      organisationId,
      org.billing_currency,
      startOfUtcDay(period.from),
    );
    return new StatementReader(app, organisationId, {
      organisation: org.name,
      currency: org.billing_currency,
      sandbox: org.sandbox,
      period,
      generatedAt: now,
      opening,
    });
  }

  /** The period's entries, oldest first, each with the balances after it; totals and closing follow them. */
  async *lines(): AsyncGenerator<StatementLine[]> {
    const { period, currency } = this.header;
    let afterId: string | null = null;
    for (;;) {
      const rows = await history.periodEntries(this.app.db, {
        organisationId: this.organisationId,
        currency,
        from: startOfUtcDay(period.from),
        until: startOfUtcDay(addDays(period.to, 1)),
        afterId,
        limit: BATCH,
      });
      if (rows.length === 0) return;
      yield rows.map((r) => this.take(r));
      if (rows.length < BATCH) return;
      afterId = (rows.at(-1) as history.HistoryRow).id;
    }
  }

  private take(r: history.HistoryRow): StatementLine {
    this.closing.availableMinor += r.available_minor;
    this.closing.heldMinor += r.held_minor;
    let t = this.kinds.get(r.kind);
    if (!t) {
      t = {
        kind: r.kind,
        entries: 0,
        availableDebitMinor: 0,
        availableCreditMinor: 0,
        heldDebitMinor: 0,
        heldCreditMinor: 0,
      };
      this.kinds.set(r.kind, t);
    }
    t.entries++;
    if (r.available_minor < 0) t.availableDebitMinor -= r.available_minor;
    else t.availableCreditMinor += r.available_minor;
    if (r.held_minor < 0) t.heldDebitMinor -= r.held_minor;
    else t.heldCreditMinor += r.held_minor;
    return { ...r, availableAfterMinor: this.closing.availableMinor, heldAfterMinor: this.closing.heldMinor };
  }

  /** The totals by kind, in the order kinds first appeared. Final once `lines()` has ended. */
  get totals(): KindTotal[] {
    return [...this.kinds.values()];
  }
}

export const STATEMENT_CSV_COLUMNS = [
  'Record',
  'Date (UTC)',
  'Type',
  'Kind',
  'Description',
  'Order ID',
  'Batch ID',
  'Entry ID',
  'Available debit',
  'Available credit',
  'Available balance',
  'Held debit',
  'Held credit',
  'Held balance',
] as const;

/** The statement as CSV: a few lines naming it, then one table of opening, movements, closing and totals. */
export async function* statementCsv(reader: StatementReader): AsyncGenerator<string> {
  const h = reader.header;
  const amount = (minor: number) => toDecimalString(minor, h.currency);
  const debit = (minor: number) => (minor < 0 ? amount(-minor) : null);
  const credit = (minor: number) => (minor > 0 ? amount(minor) : null);
  const start = startOfUtcDay(h.period.from).toISOString();
  const end = new Date(startOfUtcDay(addDays(h.period.to, 1)).getTime() - 1).toISOString();
  yield CSV_BOM +
    csvRow(['GiftRelay balance statement']) +
    csvRow(['Organisation', h.organisation]) +
    csvRow(['Billing currency', h.currency]) +
    csvRow(['Mode', h.sandbox ? 'Sandbox (play money, no value)' : 'Live']) +
    csvRow(['Period (UTC)', `${h.period.from} to ${h.period.to}`]) +
    csvRow(['Generated (UTC)', h.generatedAt.toISOString()]) +
    csvRow([]) +
    csvRow(STATEMENT_CSV_COLUMNS) +
    csvRow(balanceRow('Opening balance', start, 'Balances at the start of the period', h.opening, amount));
  for await (const lines of reader.lines()) {
    let chunk = '';
    for (const l of lines) {
      chunk += csvRow([
        'Movement',
        l.created_at.toISOString(),
        ledgerKindLabel(l.kind),
        l.kind,
        l.description,
        l.order_id,
        l.batch_id,
        l.id,
        debit(l.available_minor),
        credit(l.available_minor),
        amount(l.availableAfterMinor),
        debit(l.held_minor),
        credit(l.held_minor),
        amount(l.heldAfterMinor),
      ]);
    }
    yield chunk;
  }
  let tail = csvRow(balanceRow('Closing balance', end, 'Balances at the end of the period', reader.closing, amount));
  for (const t of reader.totals) {
    tail += csvRow([
      'Total',
      null,
      ledgerKindLabel(t.kind),
      t.kind,
      `${t.entries} ${t.entries === 1 ? 'entry' : 'entries'}`,
      null,
      null,
      null,
      amount(t.availableDebitMinor),
      amount(t.availableCreditMinor),
      null,
      amount(t.heldDebitMinor),
      amount(t.heldCreditMinor),
      null,
    ]);
  }
  yield tail;
}

function balanceRow(
  record: string,
  at: string,
  description: string,
  b: Balances,
  amount: (minor: number) => string,
): CsvCell[] {
  return [
    record,
    at,
    null,
    null,
    description,
    null,
    null,
    null,
    null,
    null,
    amount(b.availableMinor),
    null,
    null,
    amount(b.heldMinor),
  ];
}
