import type { PayoutType } from '@giftrelay/contracts';

/**
 * What GiftRelay needs from a gift-card provider. The sandbox implements it today; a real
 * provider's adapter implements the same interface with its HTTP API behind it. Amounts are
 * integer minor units of the product's currency.
 */
export interface GiftCardProvider {
  /** Short, stable name stored with each product ('sandbox', 'tango', …). */
  readonly name: string;
  /** True for a provider whose cards are not real, so the UI can say "Sandbox". */
  readonly isSandbox: boolean;
  /** The whole catalogue, a page at a time (a provider's catalogue can hold tens of thousands). */
  listCatalog(): AsyncIterable<ProviderProduct[]>;
  /**
   * Orders one card. `reference` is ours and the provider's idempotency key: placing the same
   * reference again returns the order first placed with it (same card), never a second card.
   * Throws ProviderError.
   */
  placeOrder(input: PlaceOrderInput): Promise<ProviderOrder>;
  /** The order placed with this reference, or null if the provider has none. */
  getOrder(reference: string): Promise<ProviderOrder | null>;
  /**
   * Asks the provider to cancel the card placed with this reference, so it can no longer be
   * redeemed and its value is not owed. Cancelling again answers the same. `cancelled: false` is
   * a final refusal (the card cannot be cancelled, or there is none), with the provider's reason;
   * a failure that may pass throws ProviderError.
   */
  cancelOrder(reference: string): Promise<ProviderCancellation>;
  /** `fresh` asks the provider now; otherwise a real provider may answer from a recent look. */
  health(opts?: { fresh?: boolean }): Promise<ProviderHealth>;
}

export interface ProviderProduct {
  code: string;
  name: string;
  brand: string;
  /** Catalogue country code (see contracts/countries.ts). */
  country: string;
  currency: string;
  minValueMinor: number;
  maxValueMinor: number;
  /** The only values that can be ordered, for fixed-value cards; null for range cards. */
  denominationsMinor: number[] | null;
  payoutType: PayoutType;
  category: string;
  /** SVG markup. */
  logoSvg: string;
  description: string;
  redemptionInstructions: string;
  terms: string;
}

export interface PlaceOrderInput {
  reference: string;
  productCode: string;
  amountMinor: number;
  currency: string;
}

export interface ProviderOrder {
  reference: string;
  providerOrderId: string;
  productCode: string;
  amountMinor: number;
  currency: string;
  /** The card's claim code or number: a secret, never logged. */
  code: string;
  pin: string | null;
  redemptionUrl: string | null;
  expiresAt: Date | null;
  createdAt: Date;
}

export type ProviderCancellation = { cancelled: true } | { cancelled: false; reason: string };

export interface ProviderHealth {
  ok: boolean;
  latencyMs: number | null;
  error?: string;
  /** What GiftRelay's own account with a real provider holds (the sandbox has none). */
  funds?: { currency: string; availableMinor: number };
}

/** The failures every provider can give; the sandbox can be told to give any of them. */
export const PROVIDER_ERROR_KINDS = ['timeout', 'provider_error', 'out_of_stock', 'declined'] as const;
export type SandboxFailureKind = (typeof PROVIDER_ERROR_KINDS)[number];
/**
 * And a real provider's (issue 17): too many requests (retry after a pause), and the account that
 * pays the provider has run dry (no retry helps until it is funded).
 */
export type ProviderErrorKind = SandboxFailureKind | 'rate_limited' | 'insufficient_funds';

/**
 * A provider call that did not give a card. `retryable` tells the caller whether asking again
 * (with the same reference) can succeed: a timeout or a provider fault may pass; a card out of
 * stock or an order the provider declined will not. After a timeout the order may have gone
 * through, which is why retries must reuse the reference.
 */
export class ProviderError extends Error {
  readonly retryable: boolean;
  /** For `rate_limited`: how long to wait before asking again. */
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    options?: { cause?: unknown; retryable?: boolean; retryAfterMs?: number },
  ) {
    super(message, options);
    this.name = 'ProviderError';
    this.retryable = options?.retryable ?? (kind === 'timeout' || kind === 'provider_error' || kind === 'rate_limited');
    this.retryAfterMs = options?.retryAfterMs;
  }
}
