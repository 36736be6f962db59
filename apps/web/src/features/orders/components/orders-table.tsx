import type { OrderSummary } from '@giftrelay/contracts';
import { recipientOf } from '@giftrelay/contracts';
import { PackageOpen } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useIsMobile } from '@/components/layout/use-sidebar';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SandboxBadge } from '@/components/ui/sandbox-badge';
import { useCan } from '@/lib/auth/use-can';
import { formatLocalDate, formatTimestamp } from '@/lib/format';
import { cn } from '@/lib/utils';
import { orderAmountText, shortOrderId } from '../utils/format';
import { Skeleton } from './skeleton';

export const NO_MATCH_TEXT = "Hmm, we couldn't find any orders matching that. Try adjusting your filters!";

const COLUMNS = ['Order ID', 'Recipient', 'Reward', 'Amount', 'Status', 'Date', 'Method'] as const;
const SKELETON_ROWS = 5;

interface OrdersTableProps {
  orders: OrderSummary[] | undefined;
  isError: boolean;
  errorMessage?: string;
  onRetry: () => void;
  /** What the error's button says: trying again, or leaving a page that cannot load. */
  retryLabel?: string;
  /** True while another page or search loads with the previous one still shown. */
  isUpdating: boolean;
  /** With no search, filter or page: an empty list means the organisation has no orders yet. */
  isUnfiltered: boolean;
  orderHref: (id: string) => string;
  orderLinkState: unknown;
  onOpenOrder: (id: string) => void;
}

/** The orders of one page; a row opens its order, and its Order ID is the link to do so by keyboard. */
export function OrdersTable(props: OrdersTableProps) {
  const { orders, isError, errorMessage, onRetry, retryLabel = 'Try again', isUpdating, isUnfiltered } = props;
  const isMobile = useIsMobile();
  if (isError && !orders) {
    return (
      <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center text-sm">
        <p className="font-medium">Your orders could not be loaded.</p>
        {errorMessage && <p className="text-muted-foreground">{errorMessage}</p>}
        <Button variant="outline" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Card>
    );
  }
  if (orders && orders.length === 0) {
    return isUnfiltered ? <NoOrdersYet /> : <NoMatch />;
  }
  if (isMobile) return <OrderCards {...props} />;
  return (
    <Card className="overflow-hidden">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it. */}
      <section aria-label="Orders" tabIndex={0} className="overflow-x-auto focus-visible:outline-2">
        <table
          aria-busy={!orders || isUpdating}
          className={cn('w-full min-w-[54rem] text-sm', isUpdating && 'opacity-60')}
        >
          <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground uppercase">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-3 font-medium whitespace-nowrap">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {orders ? (
              orders.map((order) => (
                <OrderRow
                  key={order.order_id}
                  order={order}
                  orderHref={props.orderHref}
                  orderLinkState={props.orderLinkState}
                  onOpenOrder={props.onOpenOrder}
                />
              ))
            ) : (
              <LoadingRows />
            )}
          </tbody>
        </table>
      </section>
    </Card>
  );
}

function OrderRow({
  order,
  orderHref,
  orderLinkState,
  onOpenOrder,
}: { order: OrderSummary } & Pick<OrdersTableProps, 'orderHref' | 'orderLinkState' | 'onOpenOrder'>) {
  const amount = orderAmountText(order);
  // The whole row is a pointer target; keyboard and screen-reader users have the link in its first cell.
  const openFromRow = (event: MouseEvent) => {
    if (event.defaultPrevented || window.getSelection()?.toString()) return;
    onOpenOrder(order.order_id);
  };
  return (
    <tr onClick={openFromRow} className="cursor-pointer align-top transition-colors hover:bg-muted/50">
      <td className="px-3 py-3 whitespace-nowrap">
        <Link
          to={orderHref(order.order_id)}
          state={orderLinkState}
          preventScrollReset
          title={order.order_id}
          aria-label={`Order ${order.order_id}`}
          onClick={(event) => event.stopPropagation()}
          className="font-mono font-medium text-primary underline-offset-4 hover:underline"
        >
          {shortOrderId(order.order_id)}
        </Link>
      </td>
      <Cell main={recipientOf(order)} sub={order.recipient_name} />
      <Cell main={order.brand} sub={order.product_name} />
      <Cell main={amount.face} sub={amount.charged && `Charged ${amount.charged}`} className="tabular-nums" />
      <td className="px-3 py-3">
        <span className="flex flex-wrap items-center gap-1.5">
          <OrderStatusBadge status={order.status} failedCount={order.failed_count} voidedCount={order.voided_count} />
          {order.sandbox && <SandboxBadge />}
        </span>
      </td>
      <td className="px-3 py-3 whitespace-nowrap">
        <time dateTime={order.created_at} title={formatTimestamp(order.created_at)}>
          {formatLocalDate(order.created_at)}
        </time>
      </td>
      <td className="px-3 py-3">Email</td>
    </tr>
  );
}

/** On a phone each order is a card: everything the row says, nothing to scroll sideways. */
function OrderCards({ orders, isUpdating, orderHref, orderLinkState }: OrdersTableProps) {
  if (!orders) {
    return (
      <Card className="grid gap-3 p-4" aria-busy>
        <span className="sr-only">Loading orders</span>
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart.
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </Card>
    );
  }
  return (
    <ul aria-label="Orders" aria-busy={isUpdating} className={cn('grid gap-3', isUpdating && 'opacity-60')}>
      {orders.map((order) => {
        const amount = orderAmountText(order);
        return (
          <li key={order.order_id}>
            <Card className="relative grid gap-2 p-4 text-sm hover:bg-muted/50">
              <div className="flex items-center justify-between gap-3">
                <Link
                  to={orderHref(order.order_id)}
                  state={orderLinkState}
                  preventScrollReset
                  aria-label={`Order ${order.order_id}`}
                  className="font-mono font-medium text-primary after:absolute after:inset-0 after:content-['']"
                >
                  {shortOrderId(order.order_id)}
                </Link>
                <span className="flex items-center gap-1.5">
                  <OrderStatusBadge
                    status={order.status}
                    failedCount={order.failed_count}
                    voidedCount={order.voided_count}
                  />
                  {order.sandbox && <SandboxBadge />}
                </span>
              </div>
              <p className="font-medium break-all">{recipientOf(order)}</p>
              {order.recipient_name && <p className="text-muted-foreground">{order.recipient_name}</p>}
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <div className="min-w-0">
                  <p className="break-words">{order.brand}</p>
                  <p className="text-xs break-words text-muted-foreground">{order.product_name}</p>
                </div>
                <span className="font-medium tabular-nums">{amount.face}</span>
              </div>
              <div className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
                <span>
                  <time dateTime={order.created_at} title={formatTimestamp(order.created_at)}>
                    {formatLocalDate(order.created_at)}
                  </time>
                  {' · Email'}
                </span>
                {amount.charged && <span>Charged {amount.charged}</span>}
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function Cell({ main, sub, className }: { main: ReactNode; sub?: ReactNode; className?: string }) {
  return (
    <td className={cn('max-w-56 px-3 py-3', className)}>
      <div className="truncate font-medium">{main}</div>
      {sub && <div className="truncate text-xs text-muted-foreground">{sub}</div>}
    </td>
  );
}

function LoadingRows() {
  return (
    <>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart.
        <tr key={row}>
          {COLUMNS.map((column, i) => (
            <td key={column} className="px-3 py-4">
              <Skeleton className="h-4 w-full max-w-32" />
              {row === 0 && i === 0 && <span className="sr-only">Loading orders</span>}
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

function NoMatch() {
  return (
    <Card className="p-10 text-center">
      <p role="status" className="text-muted-foreground">
        {NO_MATCH_TEXT}
      </p>
    </Card>
  );
}

function NoOrdersYet() {
  const canSend = useCan('createOrder');
  return (
    <Card className="flex flex-col items-center gap-3 p-12 text-center">
      <PackageOpen aria-hidden className="size-10 text-muted-foreground" />
      <p role="status" className="font-medium">
        No orders yet
      </p>
      <p className="max-w-sm text-sm text-muted-foreground">
        Rewards you send show up here with their delivery status, ready to search, filter and export.
      </p>
      {canSend && (
        <Link to="/catalog" className={buttonVariants({ className: 'mt-2' })}>
          Send your first reward
        </Link>
      )}
    </Card>
  );
}
