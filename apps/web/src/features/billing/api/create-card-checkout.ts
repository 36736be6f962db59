import { type CardCheckoutSession, CardCheckoutSessionSchema } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Starts a card top-up: Stripe's hosted payment page for `amount` (major unit) plus the card fee. */
export const createCardCheckout = async (amount: number): Promise<CardCheckoutSession> =>
  CardCheckoutSessionSchema.parse(await api.post('/api/v1/balance/checkout-sessions', { amount }));

export const useCreateCardCheckout = () => useMutation({ mutationFn: createCardCheckout });
