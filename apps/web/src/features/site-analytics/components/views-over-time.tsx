import type { SiteAnalytics } from '@giftrelay/contracts';
import { TimeSeriesCard } from '@/components/ui/time-series-card';
import { formatCount, formatDay } from '@/lib/format';

/** Landing-page views per UTC day, with each day's leads in the screen readers' table. */
export function ViewsOverTime({ analytics }: { analytics: SiteAnalytics }) {
  const days = analytics.by_day;
  const peak = days.reduce<(typeof days)[number] | undefined>(
    (best, d) => (d.views > (best?.views ?? 0) ? d : best),
    undefined,
  );
  return (
    <TimeSeriesCard
      id="views-over-time"
      title="Views over time"
      description="Landing-page views per day (UTC)"
      heightClass="h-56"
      summary={
        peak
          ? `${formatCount(analytics.totals.views)} views in total; the most were on ${formatDay(peak.day)} with ${formatCount(peak.views)}.`
          : 'No views in this range.'
      }
      chart={{
        data: days,
        xKey: 'day',
        yKey: 'views',
        tickLabel: (d) => formatDay(d, { short: true }),
        tooltipLabel: (d) => formatDay(d),
        valueName: 'Views',
      }}
      table={{
        caption: 'Views and leads by day',
        head: ['Day', 'Views', 'Leads'],
        rows: days
          .filter((d) => d.views > 0 || d.leads > 0)
          .map((d) => [formatDay(d.day), formatCount(d.views), formatCount(d.leads)]),
      }}
    />
  );
}
