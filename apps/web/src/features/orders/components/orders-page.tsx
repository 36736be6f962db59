import { Upload } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/layout/page-heading';
import { ModeFilter } from '@/components/mode-filter';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useCan } from '@/lib/auth/use-can';
import { useReportMode } from '@/lib/use-report-mode';
import { useOrderStats } from '../api/get-order-stats';
import { useOrders } from '../api/list-orders';
import { useOrdersExport } from '../hooks/use-orders-export';
import { useOrdersView } from '../hooks/use-orders-view';
import { hasFilters, statusFilterOf } from '../utils/order-view';
import { ExportButton } from './export-button';
import { OrderDetailSheet } from './order-detail-sheet';
import { OrderSearch } from './order-search';
import { OrderStats } from './order-stats';
import { OrdersPagination } from './orders-pagination';
import { OrdersTable } from './orders-table';
import { StatusFilter } from './status-filter';

/** The order history: search, status (and, once live, mode) filters, figures, the orders a page at a time, export, detail. */
export function OrdersPage() {
  const orders = useOrdersView();
  const { view } = orders;
  // A live organisation sees its live orders, and may switch to those it sent in the sandbox.
  const report = useReportMode();
  const filters = { q: view.q, status: view.status, mode: view.mode };
  const list = useOrders({ ...filters, cursor: view.cursor });
  const stats = useOrderStats(filters);
  const exporter = useOrdersExport();
  const maySend = useCan('createBatch');
  const isUpdating = list.isPlaceholderData && list.isFetching;
  // A page link the server refuses (an old or edited cursor) will not load by asking again.
  const isBadPage = Boolean(view.cursor) && list.error instanceof ApiError && list.error.code === 'VALIDATION_ERROR';

  return (
    <PageHeading title="Your Order History">
      <div className="mt-4 flex flex-wrap gap-3">
        {maySend ? (
          <Button asChild size="sm">
            <Link to="/orders/bulk">
              <Upload aria-hidden className="size-4" />
              Send in bulk
            </Link>
          </Button>
        ) : null}
        <Button asChild size="sm" variant="outline">
          <Link to="/orders/batches">Batches</Link>
        </Button>
      </div>
      <div className="mt-6 grid gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <OrderSearch value={view.q ?? ''} onSearch={orders.setSearch} />
          <StatusFilter value={statusFilterOf(view)} onChange={orders.setStatus} />
          {report.showSwitch ? <ModeFilter value={report.shown} onChange={orders.setMode} /> : null}
          <ExportButton
            state={exporter.state}
            onExport={() => void exporter.start(filters, stats.data?.total_orders)}
            onCancel={exporter.cancel}
          />
        </div>
        <OrderStats stats={stats.data} isError={stats.isError} onRetry={() => void stats.refetch()} />
        <div className="grid gap-3">
          <OrdersTable
            orders={list.data?.data}
            isError={list.isError}
            errorMessage={list.error?.message}
            onRetry={isBadPage ? orders.firstPage : () => void list.refetch()}
            retryLabel={isBadPage ? 'Go to the first page' : undefined}
            isUpdating={isUpdating}
            isUnfiltered={!hasFilters(view) && !view.cursor}
            orderHref={orders.orderHref}
            orderLinkState={orders.orderLinkState}
            onOpenOrder={orders.openOrder}
          />
          <OrdersPagination
            hasPrevious={orders.hasPreviousPage}
            nextCursor={list.data?.next_cursor}
            isUpdating={isUpdating}
            onPrevious={orders.previousPage}
            onNext={orders.nextPage}
          />
        </div>
      </div>
      <OrderDetailSheet orderId={view.order} onClose={orders.closeOrder} />
    </PageHeading>
  );
}
