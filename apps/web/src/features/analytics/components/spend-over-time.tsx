import type { Analytics } from '@giftrelay/contracts';
import { TimeSeriesCard } from '@/components/ui/time-series-card';
import { formatCount, formatMajor } from '@/lib/format';
import { periodLabel } from '../utils/labels';

const INTERVAL_WORDS: Record<string, string> = { day: 'day', week: 'week', month: 'month' };

/** Spend per period, with its fees and orders in the screen readers' table. */
export function SpendOverTime({ analytics }: { analytics: Analytics }) {
  const { series, currency, interval } = analytics;
  const money = (v: number) => formatMajor(v, currency);
  const word = INTERVAL_WORDS[interval] ?? interval;
  const peak = series.reduce<(typeof series)[number] | undefined>(
    (best, p) => (p.spend > (best?.spend ?? 0) ? p : best),
    undefined,
  );
  return (
    <TimeSeriesCard
      id="spend-over-time"
      title="Spend over time"
      description={`Totals charged per ${word} (UTC)`}
      heightClass="h-64"
      summary={
        peak
          ? `${money(analytics.totals.spend)} in total; the highest was ${periodLabel(peak.period, interval)} with ${money(peak.spend)}.`
          : 'No spend in this range.'
      }
      chart={{
        data: series,
        xKey: 'period',
        yKey: 'spend',
        currency,
        tickLabel: (p) => periodLabel(p, interval, { short: true }),
        tooltipLabel: (p) => periodLabel(p, interval),
        valueName: 'Spend',
      }}
      table={{
        caption: `Spend by ${word}`,
        head: ['Period', 'Spend', 'Fees', 'Orders'],
        rows: series
          .filter((p) => p.orders > 0 || p.spend > 0)
          .map((p) => [periodLabel(p.period, interval), money(p.spend), money(p.fees), formatCount(p.orders)]),
      }}
    />
  );
}
