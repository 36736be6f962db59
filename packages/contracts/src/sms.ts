import { z } from 'zod';
import { safeText } from './primitives';
import { articleFor, cardLabel } from './reward-email';

/**
 * SMS delivery (issue 32, decision 082). The recipient's mobile number in E.164; the API takes
 * spaces, dots, dashes and brackets in it and answers 400 PHONE_INVALID (the reason and the
 * country in `details`) for a number that cannot take texts. The shape is checked here, the
 * number itself by the server with libphonenumber-js.
 */
export const PhoneSchema = safeText({
  min: 1,
  max: 32,
  tooShort: 'phone must not be empty',
  tooLong: 'phone must be at most 32 characters',
}).meta({
  description:
    'The recipient’s mobile number in international (E.164) format; the claim links go to it by text message as well as by email',
  example: '+15555550123',
});

/**
 * A text's status as Twilio reports it (`MessageStatus`), or as the built-in mailbox sets it:
 * `queued`, then `sent` (accepted by the carrier), then `delivered` or `undelivered`/`failed`.
 */
export const SMS_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export const SmsStatusSchema = z.enum(SMS_STATUSES);
export type SmsStatus = z.infer<typeof SmsStatusSchema>;

/** The words the order pages and the export use for a text's status. */
export const SMS_STATUS_LABELS: Record<SmsStatus, string> = {
  queued: 'Text queued',
  sending: 'Text sending',
  sent: 'Text sent',
  delivered: 'Text delivered',
  undelivered: 'Text not delivered',
  failed: 'Text failed',
};

/** The newest text of an order, on its detail page and in the export. */
export const OrderSmsSchema = z.object({
  to: z.string().meta({ description: 'The number it went to (E.164)' }),
  status: SmsStatusSchema,
  provider: z
    .enum(['twilio', 'mailbox'])
    .meta({ description: '`mailbox`: the built-in mailbox (no SMS provider configured)' }),
  error_code: z.number().int().nullable().meta({ description: 'Twilio’s error code when it failed, such as 30003' }),
  error_message: z.string().nullable(),
  updated_at: z.string(),
});
export type OrderSms = z.infer<typeof OrderSmsSchema>;

/** The longest sender name a text carries in full: the rest of the text must stay one segment. */
export const SMS_SENDER_MAX = 20;

export interface RewardSmsFacts {
  sender: string;
  brand: string;
  productName: string;
  /** One reward's value, formatted ("$25.00"), and in the major unit for the article. */
  value: string;
  amount: number;
  links: string[];
  sandbox: boolean;
}

/**
 * The text a reward's recipient gets: who sent it, what, the claim link(s) and how to stop
 * texts, in one 160-character segment for one reward where the names allow. The send dialog
 * previews it.
 */
export function rewardSmsText(f: RewardSmsFacts): string {
  // Cut, not ellipsised: one character outside GSM-7 (…) would make the whole text UCS-2, 70 a segment.
  const sender = f.sender.length > SMS_SENDER_MAX ? f.sender.slice(0, SMS_SENDER_MAX).trimEnd() : f.sender;
  const label = cardLabel(f.productName, f.brand);
  const what =
    f.links.length > 1 ? `${f.links.length} ${f.value} ${label}s` : `${articleFor(f.amount)} ${f.value} ${label}`;
  const sandbox = f.sandbox ? 'Sandbox: ' : '';
  return `${sandbox}${sender} sent you ${what}: ${f.links.join(' ')} STOP to opt out`;
}

/** What the Twilio status callback answers: whether the report moved the text on (a replay does not). */
export const TwilioWebhookAnswerSchema = z.object({ success: z.literal(true), changed: z.boolean() });
