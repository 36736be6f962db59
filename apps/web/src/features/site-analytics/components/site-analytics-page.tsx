import type { SiteAnalytics } from '@giftrelay/contracts';
import { PageHeading } from '@/components/layout/page-heading';
import { Card } from '@/components/ui/card';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatDay, formatPercent } from '@/lib/format';
import { isRangeError, rangeErrorText, useUrlRange } from '@/lib/url-range';
import { useSiteAnalytics } from '../api/get-site-analytics';
import { activePreset, lastDays, PRESET_DAYS, rangeFromSearchParams } from '../utils/range';
import { FiguresTable } from './figures-table';
import { ViewsOverTime } from './views-over-time';

function Totals({ analytics }: { analytics: SiteAnalytics }) {
  const { totals } = analytics;
  const figures = [
    { label: 'Views', value: formatCount(totals.views) },
    { label: 'Unique sessions', value: formatCount(totals.unique_sessions) },
    { label: 'CTA clicks', value: formatCount(totals.cta_clicks) },
    { label: 'Leads', value: formatCount(totals.leads) },
    { label: 'Conversion rate', value: formatPercent(totals.conversion_rate) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {figures.map(({ label, value }) => (
        <Card key={label} className="p-4">
          <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}

/** Site analytics (decision 049): the landing pages' traffic and leads, per page and per campaign. */
export function SiteAnalyticsPage() {
  const { range, today, update } = useUrlRange(rangeFromSearchParams);
  const preset = activePreset(range, today);
  const query = useSiteAnalytics(range);
  const rangeError = isRangeError(query.error) ? rangeErrorText(query.error.message) : undefined;
  const data = query.data;

  return (
    <PageHeading title="Site analytics">
      <p className="mt-2 text-sm text-muted-foreground">
        Landing-page views, unique sessions, calls to action, leads and conversion (leads per unique session), by UTC
        day.
      </p>
      <Card className="mt-6 p-5">
        <DateRangePicker
          idPrefix="site-range"
          from={range.from}
          to={range.to}
          onDateChange={(changes) => update(changes, { replace: true })}
          quickRangesFirst
          quickRanges={PRESET_DAYS.map((days) => ({
            key: String(days),
            label: `${days} days`,
            name: `Last ${days} days`,
            isActive: preset === days,
            onSelect: () => update(lastDays(days, today)),
          }))}
          error={rangeError}
        />
      </Card>

      <div className="mt-6 grid gap-6" aria-busy={query.isFetching}>
        {query.isPlaceholderData && <Spinner label="Updating the figures" className="text-sm" />}
        {rangeError ? (
          <p className="text-sm text-muted-foreground">Change the dates above to see the figures.</p>
        ) : query.isPending ? (
          <div className="py-16 text-center">
            <Spinner label="Loading site analytics" />
          </div>
        ) : query.isError && !data ? (
          <LoadError
            title="We could not load the site analytics."
            error={query.error}
            onRetry={() => query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : data && data.totals.unique_sessions === 0 ? (
          <div className="rounded-xl border border-dashed p-10 text-center">
            <p className="font-medium">
              No landing-page visits from {formatDay(data.from)} to {formatDay(data.to)}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              Choose a longer range, or publish a landing page and share its link.
            </p>
          </div>
        ) : data ? (
          <>
            <p className="text-sm text-muted-foreground">
              From <span className="font-medium text-foreground">{formatDay(data.from)}</span> to{' '}
              <span className="font-medium text-foreground">{formatDay(data.to)}</span>
            </p>
            <Totals analytics={data} />
            <ViewsOverTime analytics={data} />
            <FiguresTable
              id="site-by-page"
              title="By page"
              column="Page"
              rows={data.by_page}
              rowKey={(r) => r.slug}
              rowName={(r) => <span title={`/lp/${r.slug}`}>/lp/{r.slug}</span>}
            />
            <FiguresTable
              id="site-by-campaign"
              title="By campaign"
              column="Campaign"
              rows={data.by_campaign}
              rowKey={(r) => r.utm_campaign ?? ''}
              rowName={(r) => r.utm_campaign ?? <span className="text-muted-foreground italic">No campaign</span>}
            />
          </>
        ) : null}
      </div>
    </PageHeading>
  );
}
