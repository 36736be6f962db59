import type { SiteAnalytics } from '@giftrelay/contracts';
import { lazy, Suspense } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatDay } from '@/lib/format';

// recharts arrives in its own chunk, after the figures.
const TimeBarChart = lazy(() => import('@/components/ui/bar-charts').then((m) => ({ default: m.TimeBarChart })));

/** Views per UTC day as a picture for sight, and as a table for screen readers. */
export function ViewsOverTime({ analytics }: { analytics: SiteAnalytics }) {
  const days = analytics.by_day;
  const peak = days.reduce<(typeof days)[number] | undefined>(
    (best, d) => (d.views > (best?.views ?? 0) ? d : best),
    undefined,
  );
  return (
    <Card className="min-w-0 p-5">
      <h2 id="views-over-time" className="text-lg font-semibold">
        Views over time
      </h2>
      <p className="text-sm text-muted-foreground">Landing-page views per day (UTC)</p>
      <figure aria-labelledby="views-over-time" className="mt-4 h-56">
        <figcaption className="sr-only">
          {peak
            ? `${formatCount(analytics.totals.views)} views in total; the most were on ${formatDay(peak.day)} with ${formatCount(peak.views)}.`
            : 'No views in this range.'}
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
              data={days}
              xKey="day"
              yKey="views"
              tickLabel={(d) => formatDay(d, { short: true })}
              tooltipLabel={(d) => formatDay(d)}
              valueName="Views"
            />
          </div>
        </Suspense>
        <table className="sr-only">
          <caption>Views and leads by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Leads</th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.views > 0 || d.leads > 0)
              .map((d) => (
                <tr key={d.day}>
                  <th scope="row">{formatDay(d.day)}</th>
                  <td>{formatCount(d.views)}</td>
                  <td>{formatCount(d.leads)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </figure>
    </Card>
  );
}
