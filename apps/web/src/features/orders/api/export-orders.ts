import { api } from '@/lib/api-client';
import { filenameFromContentDisposition, saveBlob } from '@/lib/download';
import { readCsvStream } from '../utils/csv-download';
import { filterQuery, type OrderFilters } from '../utils/order-view';

export interface ExportOrdersOptions {
  signal?: AbortSignal;
  /** Rows received so far, after each piece of the stream. */
  onRows?: (rows: number) => void;
}

const fallbackFilename = () => `giftrelay-orders-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * Downloads every order matching the filters as the server streams them (GET /api/v1/orders/export),
 * then saves the file under the name the server gives. Resolves with the rows saved.
 */
export async function exportOrders(filters: OrderFilters, { signal, onRows }: ExportOrdersOptions = {}) {
  const response = await api.stream(`/api/v1/orders/export${filterQuery(filters)}`, {
    signal,
    headers: { accept: 'text/csv' },
  });
  const { blob, rows } = await readCsvStream(response, (n) => onRows?.(n), signal);
  const filename = filenameFromContentDisposition(response.headers.get('content-disposition'), fallbackFilename());
  saveBlob(blob, filename);
  return { rows, filename };
}
