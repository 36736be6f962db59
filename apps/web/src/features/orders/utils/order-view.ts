import { ORDER_MODES, ORDER_SEARCH_MAX, type OrderMode, type OrderStatus } from '@giftrelay/contracts';

/** The status filter's choices: the API's statuses under the spec's words. */
export const STATUS_FILTERS = [
  { value: 'all', label: 'All Statuses' },
  { value: 'completed', label: 'Delivered' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending_approval', label: 'Pending approval' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'cancelled', label: 'Cancelled' },
  // Every issued reward voided and refunded (decision 076); a partly voided order stays Delivered.
  { value: 'voided', label: 'Voided' },
  // Held by a risk rule, and blocked in review (decision 083).
  { value: 'pending_review', label: 'Pending review' },
  { value: 'blocked', label: 'Blocked' },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

/** What the list and the stats are asked for. */
export interface OrderFilters {
  q?: string;
  status?: OrderStatus;
  /** Live or sandbox orders (decision 045); unset, the organisation's own mode. */
  mode?: OrderMode;
}

/** Everything the order history keeps in its URL: the filters, the page, the order opened. */
export interface OrdersView extends OrderFilters {
  cursor?: string;
  order?: string;
}

const VIEW_KEYS = ['q', 'status', 'mode', 'cursor', 'order'] as const;

const isStatus = (value: string | null): value is OrderStatus =>
  STATUS_FILTERS.some((s) => s.value !== 'all' && s.value === value);

/** Reads the view from a URL; a hand-edited unknown status means every status, an unknown mode the organisation's. */
export function viewFromSearchParams(params: URLSearchParams): OrdersView {
  const view: OrdersView = {};
  const q = params.get('q')?.trim().slice(0, ORDER_SEARCH_MAX);
  if (q) view.q = q;
  const status = params.get('status');
  if (isStatus(status)) view.status = status;
  const mode = params.get('mode');
  if (ORDER_MODES.some((m) => m === mode)) view.mode = mode as OrderMode;
  const cursor = params.get('cursor');
  if (cursor) view.cursor = cursor;
  const order = params.get('order');
  if (order) view.order = order;
  return view;
}

/** The URL's params with `changes` applied; a change of search, status or mode starts again at page one. */
export function withView(params: URLSearchParams, changes: Partial<OrdersView>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of VIEW_KEYS) {
    if (!(key in changes)) continue;
    const value = changes[key]?.trim();
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (('q' in changes || 'status' in changes || 'mode' in changes) && !('cursor' in changes)) next.delete('cursor');
  return next;
}

export const statusFilterOf = (view: OrderFilters): StatusFilter => view.status ?? 'all';

/** The query string for the API's list, stats and export: only the filters that are set. */
export function filterQuery(filters: OrderFilters, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.mode) params.set('mode', filters.mode);
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const hasFilters = (filters: OrderFilters): boolean => Boolean(filters.q || filters.status || filters.mode);
