import { z } from 'zod';
import { deprecatedListKey, listEnvelope } from './lists';
import { safeText } from './primitives';

/** A message held by the built-in mailbox (only while no SMTP server is configured). */
export const MailboxMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  /** The Reply-To the message carries, if any. */
  reply_to: z.string().nullable(),
  /** An address, or for a text (decision 082) the number in E.164. */
  to: z.string(),
  /** `sms`: a text message the built-in mailbox took in place of an SMS provider (decision 082). */
  channel: z.enum(['email', 'sms']),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;

export const MailboxQuerySchema = z.object({
  to: safeText({ max: 255 }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const MailboxListSchema = listEnvelope(MailboxMessageSchema).extend({
  messages: deprecatedListKey(MailboxMessageSchema, 'messages'),
});
export type MailboxList = z.infer<typeof MailboxListSchema>;

export const MailboxMessageResponseSchema = z.object({ success: z.literal(true), message: MailboxMessageSchema });
