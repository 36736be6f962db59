import type { SmsStatus } from '@giftrelay/contracts';

/** A text ready to go. */
export interface OutgoingSms {
  to: string;
  body: string;
  /** Who sent it, as the built-in mailbox shows it (Twilio uses TWILIO_FROM or the Messaging Service). */
  fromName: string;
  /** Unique per text: the built-in mailbox stores a retried one once. */
  key: string;
  /** Where the provider reports the text's progress (Twilio's StatusCallback). */
  statusCallback?: string;
}

/** What the provider said when it took the text. */
export interface SmsReceipt {
  /** Its id at the provider (Twilio's Message SID). */
  sid: string;
  status: SmsStatus;
}

/**
 * A refusal. `retryable`: worth asking again later (a 5xx, a 429, a network failure or timeout);
 * otherwise the provider will refuse it again (a 4xx: an unreachable or blocked number, a bad
 * sender), and the text fails with the provider's code and message.
 */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly httpStatus: number | null,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
}

/**
 * Everything that sends texts goes through this (decision 082), as gift cards go through
 * GiftCardProvider: Twilio when configured, else the built-in mailbox.
 */
export interface SmsProvider {
  readonly name: 'twilio' | 'mailbox';
  send(sms: OutgoingSms): Promise<SmsReceipt>;
  /**
   * Whether a request to the provider's webhooks is the provider's: Twilio's X-Twilio-Signature
   * over the URL and the form's fields. The built-in mailbox has no webhooks: always false.
   */
  verifyWebhook(signature: string | undefined, url: string, params: Record<string, string>): boolean;
}
