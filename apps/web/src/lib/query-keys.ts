/**
 * Query keys that more than one feature touches: sending a reward changes the balance and the
 * orders, which other features show. Each feature keeps its own keys for everything else.
 */
export const sharedQueryKeys = {
  balance: ['balance'] as const,
  orders: ['orders'] as const,
  /** The organisation's settings: Settings edits them, the send dialog reads the default message. */
  organisationSettings: ['organisation-settings'] as const,
  /** The person's two-factor sign-in: Profile shows it, and which organisations require it. */
  twoFactor: ['two-factor'] as const,
  /** Choice sets (decision 080): their page edits them, the send dialog and bulk sending read them. */
  choiceSets: ['choice-sets'] as const,
  /** Monthly budgets (decision 084): every send spends the sender's, Settings → Members sets them. */
  budget: ['budget'] as const,
};

/**
 * How long data a route prefetched as the session arrived counts as fresh, so the component that
 * mounts a moment later does not ask again (app/prefetch.ts). Invalidation still refetches at once.
 */
export const PREFETCH_FRESH_MS = 5_000;
