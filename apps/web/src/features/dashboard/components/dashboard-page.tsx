import { useEffect } from 'react';
import { PageHeading } from '@/components/layout/page-heading';
import { ModeFilter } from '@/components/mode-filter';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth/use-session';
import { useReportMode } from '@/lib/use-report-mode';
import { useDashboard } from '../api/get-dashboard';
import { DashboardCharts } from './dashboard-charts';
import { FirstReward } from './first-reward';
import { RecentOrders } from './recent-orders';
import { SummaryCards, SummaryCardsSkeleton } from './summary-cards';

/**
 * This month's figures, the latest orders and the 30-day charts. The figures refresh by
 * themselves: every 3 s while an order is pending, every 30 s otherwise, and when the tab regains
 * focus; a reward sent from the dialog refreshes them at once. A live organisation can switch to
 * the figures of the orders it placed in sandbox mode (`?mode=sandbox`, decision 045).
 */
export function DashboardPage() {
  const report = useReportMode();
  const dashboard = useDashboard(report.mode);
  const session = useSession();
  const isSandbox = session.status !== 'signed-in' || session.user.organisation.sandbox;
  const { error } = dashboard;

  // The spec logs a failed load; the page still leaves its loading state and offers a retry.
  useEffect(() => {
    if (error) console.warn('The dashboard could not be loaded:', error.message);
  }, [error]);

  return (
    <PageHeading title="Dashboard">
      {report.showSwitch && (
        <div className="mt-4 flex justify-end">
          <ModeFilter value={report.shown} onChange={report.setMode} />
        </div>
      )}
      {dashboard.isPending ? (
        <>
          <Spinner label="Loading dashboard" className="mt-4" />
          <SummaryCardsSkeleton />
        </>
      ) : dashboard.isError && !dashboard.data ? (
        <LoadError
          title="We could not load your dashboard."
          error={dashboard.error}
          onRetry={() => dashboard.refetch()}
          isRetrying={dashboard.isFetching}
        />
      ) : (
        <>
          {dashboard.isError && (
            <p role="status" className="mt-4 text-sm text-muted-foreground">
              Could not refresh just now; these figures may be a little out of date.
            </p>
          )}
          {/* The first reward is for the organisation's own mode, not its sandbox history once live. */}
          {dashboard.data.recent_orders.length === 0 && report.shown === (isSandbox ? 'sandbox' : 'live') && (
            <FirstReward isSandbox={isSandbox} />
          )}
          <SummaryCards dashboard={dashboard.data} />
          <div className="mt-6">
            <RecentOrders orders={dashboard.data.recent_orders} mode={report.mode} />
          </div>
          <DashboardCharts hasPending={dashboard.data.has_pending} mode={report.mode} />
        </>
      )}
    </PageHeading>
  );
}
