import { escapeHtml } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { TwilioSmsProvider } from '../providers/sms/twilio';
import type { OutgoingSms, SmsProvider, SmsReceipt } from '../providers/sms/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where texts go (decision 082): Twilio when TWILIO_* is set, else the built-in mailbox. */
    sms: SmsProvider;
  }
}

/**
 * The built-in mailbox as an SMS provider: the text is stored beside the emails (channel `sms`,
 * addressed to the number), readable at /mailbox and GET /api/mailbox?to=%2B15555550123 under the
 * mailbox's access rules, so a new instance shows the whole flow with nothing configured. It
 * takes every text at once, so a text it stores counts as delivered.
 */
class MailboxSmsProvider implements SmsProvider {
  readonly name = 'mailbox';
  constructor(private readonly app: FastifyInstance) {}

  async send(sms: OutgoingSms): Promise<SmsReceipt> {
    const messageId = `<sms.${sms.key}@giftrelay.sms>`;
    const row = { message_id: messageId, channel: 'sms' as const };
    await this.app.db
      .insertInto('mailbox_messages')
      .values({
        ...row,
        from_address: sms.fromName,
        reply_to: null,
        to_address: sms.to,
        subject: `Text message from ${sms.fromName}`,
        text_body: sms.body,
        html_body: `<p>${escapeHtml(sms.body)}</p>`,
      })
      .onConflict((oc) => oc.column('message_id').doNothing())
      .execute();
    const stored = await this.app.db
      .selectFrom('mailbox_messages')
      .select('id')
      .where('message_id', '=', messageId)
      .executeTakeFirstOrThrow();
    return { sid: `mailbox:${stored.id}`, status: 'delivered' };
  }

  verifyWebhook(): boolean {
    return false;
  }
}

export const smsPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const provider: SmsProvider = opts.config.twilio
      ? new TwilioSmsProvider(opts.config.twilio)
      : new MailboxSmsProvider(app);
    app.decorate('sms', provider);
  },
  { name: 'sms', dependencies: ['db'] },
);
