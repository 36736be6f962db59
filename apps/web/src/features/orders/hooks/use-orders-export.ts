import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatCount } from '@/lib/format';
import { exportOrders } from '../api/export-orders';
import type { OrderFilters } from '../utils/order-view';

export type OrdersExportState =
  | { status: 'idle' }
  | {
      status: 'running';
      rows: number;
      /** From the stats; unknown while they load. */
      total?: number;
    };

/** An export in progress: its rows so far against the total expected, and a way to cancel it. */
export function useOrdersExport() {
  const [state, setState] = useState<OrdersExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const isUnmounted = useRef(false);

  // Leaving the page stops the download rather than saving a file nobody waits for.
  useEffect(() => {
    isUnmounted.current = false;
    return () => {
      isUnmounted.current = true;
      controller.current?.abort();
    };
  }, []);

  const start = useCallback(async (filters: OrderFilters, total?: number) => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'running', rows: 0, total });
    try {
      const { rows, filename } = await exportOrders(filters, {
        signal: abort.signal,
        onRows: (n) => setState({ status: 'running', rows: n, total }),
      });
      toast.success('Export ready', {
        description: `${formatCount(rows)} order${rows === 1 ? '' : 's'} saved to ${filename}.`,
      });
    } catch (err) {
      if (abort.signal.aborted) {
        if (!isUnmounted.current) toast.info('Export cancelled');
      } else {
        toast.error('Export failed', {
          description: err instanceof Error && err.message ? err.message : 'The orders could not be exported.',
        });
      }
    } finally {
      controller.current = null;
      setState({ status: 'idle' });
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { state, start, cancel };
}
