import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/layout/page-heading';
import { ModeFilter } from '@/components/mode-filter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/format';
import { isRangeError, rangeErrorText, useUrlRange } from '@/lib/url-range';
import { useReportMode } from '@/lib/use-report-mode';
import { useExportAnalytics } from '../api/export-analytics';
import { useAnalytics } from '../api/get-analytics';
import { rangeFromSearchParams } from '../utils/range';
import { AnalyticsSummary } from './analytics-summary';
import { BreakdownCard } from './breakdown-card';
import { RangePicker } from './range-picker';
import { SpendOverTime } from './spend-over-time';

/** Spend, fees and claims over a chosen range, by period, brand, category and country; CSV export. */
export function AnalyticsPage() {
  const { range, today, update } = useUrlRange(rangeFromSearchParams);
  const report = useReportMode();
  const analytics = useAnalytics(range, report.mode);
  const exporter = useExportAnalytics();
  const rangeError = isRangeError(analytics.error) ? rangeErrorText(analytics.error.message) : undefined;
  const data = analytics.data;

  return (
    <PageHeading title="Analytics">
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Spend, fees and claims over any range, by UTC day, week or month.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {report.showSwitch && <ModeFilter value={report.shown} onChange={report.setMode} />}
          <Button
            variant="outline"
            onClick={() => exporter.mutate({ range, mode: report.mode })}
            disabled={exporter.isPending || Boolean(rangeError)}
          >
            <Download className="size-4" aria-hidden />
            {exporter.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </div>

      <Card className="mt-6 p-5">
        <RangePicker range={range} today={today} onChange={update} error={rangeError} />
      </Card>

      <div className="mt-6 grid gap-6" aria-busy={analytics.isFetching}>
        {analytics.isPlaceholderData && <Spinner label="Updating the figures" className="text-sm" />}
        {rangeError ? (
          <p className="text-sm text-muted-foreground">Change the dates above to see the figures.</p>
        ) : analytics.isPending ? (
          <div className="py-16 text-center">
            <Spinner label="Loading analytics" />
          </div>
        ) : analytics.isError && !data ? (
          <LoadError
            title="We could not load your analytics."
            error={analytics.error}
            onRetry={() => analytics.refetch()}
            isRetrying={analytics.isFetching}
          />
        ) : data && data.totals.orders === 0 ? (
          <div className="rounded-xl border border-dashed p-10 text-center">
            <p className="font-medium">
              No orders from {formatDay(data.from)} to {formatDay(data.to)}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              Choose a longer range, or{' '}
              <Link to={paths.catalog} className="text-primary underline-offset-4 hover:underline">
                send a reward from the catalogue
              </Link>
              .
            </p>
          </div>
        ) : data ? (
          <>
            <p className="text-sm text-muted-foreground">
              From <span className="font-medium text-foreground">{formatDay(data.from)}</span> to{' '}
              <span className="font-medium text-foreground">{formatDay(data.to)}</span>, in {data.currency}
            </p>
            <AnalyticsSummary analytics={data} />
            <SpendOverTime analytics={data} />
            <div className="grid gap-4 lg:grid-cols-3">
              <BreakdownCard kind="brand" rows={data.by_brand} currency={data.currency} />
              <BreakdownCard kind="category" rows={data.by_category} currency={data.currency} />
              <BreakdownCard kind="country" rows={data.by_country} currency={data.currency} />
            </div>
          </>
        ) : null}
      </div>
    </PageHeading>
  );
}
