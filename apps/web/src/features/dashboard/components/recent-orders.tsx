import type { OrderMode, OrderSummary } from '@giftrelay/contracts';
import { recipientOf } from '@giftrelay/contracts';
import { Link } from 'react-router';
import { useIsMobile } from '@/components/layout/use-sidebar';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatFaceValue, formatTimestamp } from '@/lib/format';
import { cn } from '@/lib/utils';

const COLUMNS = ['Status', 'Brand', 'Value', 'Email', 'Timestamp'];

/** The order in the history, in the mode the dashboard shows (a live organisation's sandbox orders are not in its default list). */
const orderLink = (orderId: string, mode: OrderMode | undefined) =>
  `${paths.orders}?q=${encodeURIComponent(orderId)}${mode ? `&mode=${mode}` : ''}`;

/** The 10 latest orders, newest first; each opens its order in the history. */
export function RecentOrders({ orders, mode }: { orders: OrderSummary[]; mode?: OrderMode }) {
  const isMobile = useIsMobile();
  return (
    <Card className="min-w-0 p-5">
      <h2 id="recent-orders-heading" className="text-lg font-semibold">
        Recent Orders
      </h2>
      <p className="text-sm text-muted-foreground">Your latest reward transactions</p>
      {orders.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          No orders yet
        </p>
      ) : isMobile ? (
        // On a phone each order is a card: nothing to scroll sideways.
        <ul aria-labelledby="recent-orders-heading" className="mt-4 divide-y">
          {orders.map((order) => (
            <li key={order.order_id} className="grid gap-1 py-3 text-sm">
              <div className="flex items-center justify-between gap-3">
                <Link
                  to={orderLink(order.order_id, mode)}
                  className="min-w-0 font-medium break-words underline-offset-4 hover:underline"
                  title={`Open order ${order.order_id} in the order history`}
                >
                  {order.brand}
                </Link>
                <OrderStatusBadge
                  status={order.status}
                  failedCount={order.failed_count}
                  voidedCount={order.voided_count}
                />
              </div>
              <p className="break-all text-muted-foreground">{order.recipient_email}</p>
              <div className="flex justify-between gap-3 text-xs text-muted-foreground">
                <time dateTime={order.created_at}>{formatTimestamp(order.created_at)}</time>
                <span className="font-medium text-foreground tabular-nums">{formatFaceValue(order)}</span>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: wider than a phone, it scrolls sideways; the keyboard must reach it.
        <div className="mt-4 overflow-x-auto" tabIndex={0}>
          <table aria-labelledby="recent-orders-heading" className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b text-muted-foreground">
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn('py-2 pr-4 font-medium last:pr-0', column === 'Value' && 'text-right')}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.order_id} className="border-b last:border-0 hover:bg-muted/50">
                  <td className="py-3 pr-4">
                    <OrderStatusBadge
                      status={order.status}
                      failedCount={order.failed_count}
                      voidedCount={order.voided_count}
                    />
                  </td>
                  <td className="py-3 pr-4 font-medium">
                    <Link
                      to={orderLink(order.order_id, mode)}
                      className="rounded-sm underline-offset-4 hover:underline"
                      title={`Open order ${order.order_id} in the order history`}
                    >
                      {order.brand}
                    </Link>
                  </td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{formatFaceValue(order)}</td>
                  <td className="max-w-[14rem] truncate py-3 pr-4" title={recipientOf(order)}>
                    {recipientOf(order)}
                  </td>
                  <td className="py-3 whitespace-nowrap text-muted-foreground">
                    <time dateTime={order.created_at}>{formatTimestamp(order.created_at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
