import {
  type BalanceTransaction,
  LEDGER_ENTRY_KINDS,
  type LedgerEntryKind,
  ledgerKindLabel,
  TRANSACTION_DIRECTIONS,
  type TransactionDirection,
} from '@giftrelay/contracts';
import { formatBalance } from './format-balance';

/**
 * The transaction history's filters, kept in /billing's address (`type`, `from`, `to`,
 * `direction`) so a filtered view can be reloaded and shared. Other parameters of the page are
 * left as they are.
 */
export interface TransactionFilters {
  kinds: LedgerEntryKind[];
  /** Inclusive UTC days, YYYY-MM-DD. */
  from?: string;
  to?: string;
  direction?: TransactionDirection;
}

const FILTER_PARAMS = ['type', 'from', 'to', 'direction'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (s: string | null): s is string => {
  if (!s || !DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

/** The filters an address holds; anything unknown or malformed is ignored rather than sent. */
export function filtersFromParams(params: URLSearchParams): TransactionFilters {
  const kinds = params
    .getAll('type')
    .flatMap((v) => v.split(','))
    .filter((k): k is LedgerEntryKind => (LEDGER_ENTRY_KINDS as readonly string[]).includes(k));
  const direction = params.get('direction');
  const from = params.get('from');
  const to = params.get('to');
  return {
    kinds: LEDGER_ENTRY_KINDS.filter((k) => kinds.includes(k)),
    ...(isDay(from) && { from }),
    ...(isDay(to) && { to }),
    ...((TRANSACTION_DIRECTIONS as readonly string[]).includes(direction ?? '') && {
      direction: direction as TransactionDirection,
    }),
  };
}

/** `current` with the filters written in (and cleared ones removed); its other parameters kept. */
export function filtersToParams(current: URLSearchParams, f: TransactionFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of FILTER_PARAMS) next.delete(name);
  for (const kind of f.kinds) next.append('type', kind);
  if (f.from) next.set('from', f.from);
  if (f.to) next.set('to', f.to);
  if (f.direction) next.set('direction', f.direction);
  return next;
}

export const hasFilters = (f: TransactionFilters) => f.kinds.length > 0 || Boolean(f.from || f.to || f.direction);

/** What is wrong with the filters, as a sentence, or null: the API would refuse a reversed range. */
export function filtersProblem(f: TransactionFilters): string | null {
  return f.from && f.to && f.from > f.to ? 'The “To” date must be on or after the “From” date.' : null;
}

/** The API query for the filters and a page. */
export function transactionsQuery(f: TransactionFilters, cursor: string | undefined, limit: number): string {
  const q = new URLSearchParams();
  if (f.kinds.length) q.set('kind', f.kinds.join(','));
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  if (f.direction) q.set('direction', f.direction);
  q.set('limit', String(limit));
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

export const KIND_OPTIONS = LEDGER_ENTRY_KINDS.map((kind) => ({ kind, label: ledgerKindLabel(kind) }));

/**
 * How a row's amount reads: a sign and the words "Credit" or "Debit" as well as its colour, and
 * where the money went when it is not simply in or out of the available balance.
 */
export function describeAmount(tx: BalanceTransaction): {
  text: string;
  label: 'Credit' | 'Debit';
  note: string | null;
} {
  const sign = tx.amount_minor > 0 ? '+' : tx.amount_minor < 0 ? '−' : '';
  const text = `${sign}${formatBalance(Math.abs(tx.amount), tx.currency)}`;
  const held = formatBalance(Math.abs(tx.held_change), tx.currency);
  let note: string | null = null;
  if (tx.available_change_minor === 0 && tx.held_change_minor < 0) note = 'Paid from held funds';
  else if (tx.available_change_minor < 0 && tx.held_change_minor > 0) note = `${held} moved to held`;
  else if (tx.available_change_minor > 0 && tx.held_change_minor < 0) note = `${held} back from held`;
  return { text, label: tx.direction === 'credit' ? 'Credit' : 'Debit', note };
}

/** An instant as the statements give it: "2026-11-26 07:09 UTC". */
export const formatUtc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
