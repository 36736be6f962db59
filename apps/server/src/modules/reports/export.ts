import type { Analytics } from '@giftrelay/contracts';
import { fromMajor, toDecimalString } from '@giftrelay/money';
import { CSV_BOM, csvRow } from '../../lib/csv';

/**
 * The analytics page as one CSV: a `section` column says which table each row belongs to
 * (totals, series, brand, category, country), so a spreadsheet can filter on it.
 */
export async function* analyticsCsv(a: Analytics): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(['section', 'key', 'spend', 'fees', 'orders', 'currency', 'from', 'to']);
  // The figures are in major units; the currency says how many decimals (none for JPY).
  const money = (major: number) => toDecimalString(fromMajor(major, a.currency), a.currency);
  const t = a.totals;
  yield csvRow(['totals', 'all', money(t.spend), money(t.fees), t.orders, a.currency, a.from, a.to]);
  yield csvRow(['totals', 'completed', '', '', t.completed, a.currency, a.from, a.to]);
  yield csvRow(['totals', 'failed', '', '', t.failed, a.currency, a.from, a.to]);
  yield csvRow(['totals', 'rewards_issued', '', '', t.rewards_issued, a.currency, a.from, a.to]);
  yield csvRow(['totals', 'rewards_claimed', '', '', t.rewards_claimed, a.currency, a.from, a.to]);
  yield csvRow(['totals', 'claimed_share_percent', '', '', t.claimed_share, a.currency, a.from, a.to]);
  let rows = '';
  for (const p of a.series) {
    rows += csvRow([
      `series_${a.interval}`,
      p.period,
      money(p.spend),
      money(p.fees),
      p.orders,
      a.currency,
      a.from,
      a.to,
    ]);
  }
  yield rows;
  for (const [section, list] of [
    ['brand', a.by_brand],
    ['category', a.by_category],
    ['country', a.by_country],
  ] as const) {
    rows = '';
    for (const b of list)
      rows += csvRow([section, b.key, money(b.spend), money(b.fees), b.orders, a.currency, a.from, a.to]);
    yield rows;
  }
}
