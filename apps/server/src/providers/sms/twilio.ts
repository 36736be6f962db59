import type { SmsStatus } from '@giftrelay/contracts';
import twilio from 'twilio';
import type { TwilioConfig } from '../../lib/twilio-config';
import { type OutgoingSms, type SmsProvider, SmsProviderError, type SmsReceipt } from './types';

const STATUSES = new Set<string>(['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed']);

/**
 * Twilio's Programmable Messaging through its official library (decision 082): POST
 * /2010-04-01/Accounts/{sid}/Messages.json. The library's own 429 retries are off: the durable
 * job retries (with backoff) whatever may work later, and nothing else.
 */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  private readonly client: twilio.Twilio;

  constructor(private readonly config: TwilioConfig) {
    this.client = twilio(config.accountSid, config.authToken, { autoRetry: false, timeout: 15_000 });
    // The library has no option for its host: tests point the Api domain at a fake (TWILIO_API_BASE).
    this.client.api.baseUrl = config.apiBase;
  }

  async send(sms: OutgoingSms): Promise<SmsReceipt> {
    try {
      const message = await this.client.messages.create({
        to: sms.to,
        body: sms.body,
        ...(this.config.messagingServiceSid
          ? { messagingServiceSid: this.config.messagingServiceSid }
          : { from: this.config.from as string }),
        ...(sms.statusCallback ? { statusCallback: sms.statusCallback } : {}),
      });
      const status = STATUSES.has(message.status) ? (message.status as SmsStatus) : 'queued';
      return { sid: message.sid, status };
    } catch (err) {
      throw asProviderError(err);
    }
  }

  verifyWebhook(signature: string | undefined, url: string, params: Record<string, string>): boolean {
    if (!signature) return false;
    return twilio.validateRequest(this.config.authToken, signature, url, params);
  }
}

/** Twilio's RestException (status, code, message) or a failure to reach it, as a provider error. */
function asProviderError(err: unknown): SmsProviderError {
  const e = err as { status?: number; code?: number; message?: string };
  if (typeof e?.status === 'number') {
    const retryable = e.status === 429 || e.status >= 500;
    return new SmsProviderError(
      `Twilio answered ${e.status}${e.code ? ` (${e.code})` : ''}: ${(e.message ?? '').slice(0, 300)}`,
      retryable,
      e.status,
      typeof e.code === 'number' ? e.code : null,
    );
  }
  return new SmsProviderError(
    `Twilio could not be reached: ${(e?.message ?? String(err)).slice(0, 300)}`,
    true,
    null,
    null,
  );
}
