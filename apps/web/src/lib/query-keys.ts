/**
 * Query keys that more than one feature touches: sending a reward changes the balance and the
 * orders, which other features show. Each feature keeps its own keys for everything else.
 */
export const sharedQueryKeys = {
  balance: ['balance'] as const,
  orders: ['orders'] as const,
};
