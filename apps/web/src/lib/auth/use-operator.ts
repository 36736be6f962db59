import { OperatorStatusSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { markOperatorBrowser } from '@/lib/analytics/operator-browser';
import { ApiError, api } from '@/lib/api-client';
import { useSession } from './use-session';

/** The query of whether the signed-in person is a platform operator (decision 041). */
export const operatorStatusKey = ['operator-status'] as const;

/**
 * Whether the signed-in person is one of GiftRelay's platform operators: the server answers 200
 * for them and 404 for everyone else, so anything but a 200 is "no". Asked once per session;
 * `loading` while the session or the answer is on its way.
 */
export function useOperatorStatus(): 'loading' | 'yes' | 'no' {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const status = useQuery({
    queryKey: [...operatorStatusKey, signedIn ? session.user.id : null],
    // A 404 is the answer "no", kept as data: an error would be fetched again by every component
    // that mounts, and the operators' frame mounts the customer's shell on that answer (issue 35).
    queryFn: async () => {
      try {
        return OperatorStatusSchema.parse(await api.get('/api/v1/operator')).operator;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return false;
        throw err;
      }
    },
    enabled: signedIn,
    retry: false,
    retryOnMount: false,
    staleTime: 5 * 60_000,
  });
  const answer =
    session.status === 'loading' || (signedIn && status.isPending)
      ? 'loading'
      : status.data === true && signedIn
        ? 'yes'
        : 'no';
  // Remembered for the published pages, whose visits by an operator are not counted.
  useEffect(() => {
    if (answer !== 'loading') markOperatorBrowser(answer === 'yes');
  }, [answer]);
  return answer;
}

export const useIsOperator = (): boolean => useOperatorStatus() === 'yes';
