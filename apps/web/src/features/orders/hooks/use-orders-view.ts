import type { OrderMode, OrderStatus } from '@giftrelay/contracts';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type OrdersView, viewFromSearchParams, withView } from '../utils/order-view';

/**
 * What the history entry remembers beyond the URL: the cursors of the pages before this one (for
 * Previous), and whether the order detail was opened from this page (so closing it is Back).
 */
export interface OrdersHistoryState {
  cursors?: string[];
  isDetailOpenedHere?: boolean;
}

const historyState = (state: unknown): OrdersHistoryState =>
  state && typeof state === 'object' ? (state as OrdersHistoryState) : {};

/**
 * The order history's search, status filter, mode, page and open order live in the URL, so a reload,
 * Back or a shared link shows the same thing. Typing replaces the entry; choosing a status, a
 * page or an order adds one.
 */
export function useOrdersView() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised params are the identity.
  const view = useMemo(() => viewFromSearchParams(params), [key]);
  const state = historyState(location.state);
  const cursors = state.cursors ?? [];

  const change = useCallback(
    (changes: Partial<OrdersView>, options: { replace?: boolean; state?: OrdersHistoryState } = {}) =>
      setParams((current) => withView(current, changes), { preventScrollReset: true, ...options }),
    [setParams],
  );

  const setSearch = useCallback((q: string) => change({ q }, { replace: true, state: {} }), [change]);
  const setStatus = useCallback((status: OrderStatus | undefined) => change({ status }, { state: {} }), [change]);
  const setMode = useCallback((mode: OrderMode | undefined) => change({ mode }, { state: {} }), [change]);

  const nextPage = (cursor: string) => change({ cursor }, { state: { cursors: [...cursors, view.cursor ?? ''] } });
  // A shared link to a later page has no earlier cursors: Previous then goes to the first page.
  const previousPage = () => change({ cursor: cursors.at(-1) ?? '' }, { state: { cursors: cursors.slice(0, -1) } });

  /** Away from a page link the server no longer takes (an old or hand-edited cursor). */
  const firstPage = () => change({ cursor: '' }, { replace: true, state: {} });

  const openOrder = (id: string) => change({ order: id }, { state: { cursors, isDetailOpenedHere: true } });
  const closeOrder = () => {
    if (state.isDetailOpenedHere) navigate(-1);
    else change({ order: '' }, { replace: true, state: { cursors } });
  };

  /** The link to an order's detail from this view, for rows that are links. */
  const orderHref = (id: string) => `?${withView(params, { order: id }).toString()}`;

  return {
    view,
    hasPreviousPage: Boolean(view.cursor),
    setSearch,
    setStatus,
    setMode,
    nextPage,
    previousPage,
    firstPage,
    openOrder,
    closeOrder,
    orderHref,
    orderLinkState: { cursors, isDetailOpenedHere: true } satisfies OrdersHistoryState,
  };
}
