import type { Analytics } from '@giftrelay/contracts';
import { lazy, Suspense } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatMajor } from '@/lib/format';
import { periodLabel } from '../utils/labels';

// recharts arrives in its own chunk, after the figures, and only when there is spend to draw.
const TimeBarChart = lazy(() => import('@/components/ui/bar-charts').then((m) => ({ default: m.TimeBarChart })));

const INTERVAL_WORDS: Record<string, string> = { day: 'day', week: 'week', month: 'month' };

/** The series as a picture for sight and as a table for screen readers. */
export function SpendOverTime({ analytics }: { analytics: Analytics }) {
  const { series, currency, interval } = analytics;
  const money = (v: number) => formatMajor(v, currency);
  const peak = series.reduce<(typeof series)[number] | undefined>(
    (best, p) => (p.spend > (best?.spend ?? 0) ? p : best),
    undefined,
  );
  return (
    <Card className="min-w-0 p-5">
      <h2 id="spend-over-time" className="text-lg font-semibold">
        Spend over time
      </h2>
      <p className="text-sm text-muted-foreground">Totals charged per {INTERVAL_WORDS[interval] ?? interval} (UTC)</p>
      <figure aria-labelledby="spend-over-time" className="mt-4 h-64">
        <figcaption className="sr-only">
          {peak
            ? `${money(analytics.totals.spend)} in total; the highest was ${periodLabel(peak.period, interval)} with ${money(peak.spend)}.`
            : 'No spend in this range.'}
        </figcaption>
        <Suspense
          fallback={
            <div className="flex size-full items-center justify-center">
              <Spinner label="Drawing the chart" />
            </div>
          }
        >
          <div aria-hidden className="size-full">
            <TimeBarChart
              data={series}
              xKey="period"
              yKey="spend"
              currency={currency}
              tickLabel={(p) => periodLabel(p, interval, { short: true })}
              tooltipLabel={(p) => periodLabel(p, interval)}
              valueName="Spend"
            />
          </div>
        </Suspense>
        <table className="sr-only">
          <caption>Spend by {INTERVAL_WORDS[interval] ?? interval}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Spend</th>
              <th scope="col">Fees</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {series
              .filter((p) => p.orders > 0 || p.spend > 0)
              .map((p) => (
                <tr key={p.period}>
                  <th scope="row">{periodLabel(p.period, interval)}</th>
                  <td>{money(p.spend)}</td>
                  <td>{money(p.fees)}</td>
                  <td>{formatCount(p.orders)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </figure>
    </Card>
  );
}
