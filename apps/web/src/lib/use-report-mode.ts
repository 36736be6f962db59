import { ORDER_MODES, type OrderMode } from '@giftrelay/contracts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@/lib/auth/use-session';

/**
 * Which orders a report counts (decision 045), from the URL's `mode` so a view can be shared and
 * reloaded: unset is the organisation's own mode. A live organisation gets the switch between its
 * live orders and those it placed in sandbox mode before going live; a sandbox one has only the
 * one kind, and no switch unless the URL asks for a mode.
 */
export function useReportMode() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const asked = params.get('mode');
  const mode = ORDER_MODES.find((m) => m === asked);
  const isLive = session.status === 'signed-in' && !session.user.organisation.sandbox;
  const setMode = useCallback(
    (next: OrderMode) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('mode', next);
          return updated;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return { mode, setMode, showSwitch: isLive || mode !== undefined, shown: mode ?? (isLive ? 'live' : 'sandbox') };
}

/** The `mode` query parameter for the API, or nothing for the organisation's own mode. */
export const modeQuery = (mode: OrderMode | undefined, prefix: '?' | '&') => (mode ? `${prefix}mode=${mode}` : '');
