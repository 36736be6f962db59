import { FX_QUOTE_SECONDS, type FxQuote, FxQuoteSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Renewed this long before the server lets it go, so the one on screen can always be sent. */
const RENEW_MS = (FX_QUOTE_SECONDS - 10) * 1000;

export const createFxQuote = async (from: string, to: string): Promise<FxQuote> =>
  FxQuoteSchema.parse(await api.post('/api/v1/fx/quotes', { from, to }));

/**
 * A rate held for the organisation (decision 039) while the send dialog is open: the total shown
 * is worked out from it and the order names it, so the total confirmed is the total charged.
 * Renewed before it runs out; asks nothing when no conversion is needed or nobody is signed in.
 */
export const useFxQuote = (organisationId: string | undefined, from: string, to: string) =>
  useQuery({
    queryKey: ['fx', 'quote', organisationId, from, to],
    queryFn: () => createFxQuote(from, to),
    enabled: Boolean(organisationId) && from !== to,
    staleTime: RENEW_MS,
    gcTime: 0,
    refetchInterval: RENEW_MS,
    refetchOnWindowFocus: true,
  });
