import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { fromKysely } from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { RenderedEmail } from '../lib/email/layout';
import { inSpan, SpanKind, type TraceCarrier, traceCarrier } from '../lib/tracing';

/** An email ready to go: its HTML and text parts come from renderEmail (lib/email/layout.ts). */
export interface OutgoingEmail extends RenderedEmail {
  to: string;
  subject: string;
  /**
   * The name on the From line in place of MAIL_FROM's ("Acme People Team via GiftRelay"); the
   * address stays MAIL_FROM's, so the mail is still ours to sign and bounce.
   */
  fromName?: string;
  /** Where replies go (an organisation's reply-to setting). */
  replyTo?: string | null;
}

/** MAIL_FROM's address, without its name: `GiftRelay <no-reply@x>` → `no-reply@x`. */
export function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** A From line with `name` for MAIL_FROM's address, quoted as RFC 5322 wants. */
export function fromWithName(from: string, name: string): string {
  return `"${name.replace(/["\\]/g, '\\$&')}" <${addressOf(from)}>`;
}

/**
 * What the recipient's mail server said: accepted (the built-in mailbox always accepts), or
 * refused for good (an SMTP 5xx for the recipient or the message: a bounce reported in the
 * session). A temporary refusal or a broken connection is thrown instead, to be retried.
 */
export type DeliveryReport = { accepted: true } | { accepted: false; smtpCode: number | null; smtpResponse: string };

/** A 5xx refusal of the recipient (RCPT TO) or of the message (DATA), as nodemailer reports it. */
export function permanentRefusal(err: unknown): DeliveryReport | undefined {
  const e = err as { code?: string; responseCode?: number; response?: string; rejectedErrors?: (typeof e)[] };
  if (e?.code !== 'EENVELOPE' && e?.code !== 'EMESSAGE') return undefined;
  const refusal = e.rejectedErrors?.find((r) => (r.responseCode ?? 0) >= 500) ?? e;
  if (!refusal.responseCode || refusal.responseCode < 500) return undefined;
  if (e.code === 'EENVELOPE' && !e.rejectedErrors?.length) return undefined;
  return { accepted: false, smtpCode: refusal.responseCode, smtpResponse: (refusal.response ?? '').slice(0, 500) };
}

// The app's database or a transaction on it.
type Executor = Kysely<Database>;

export interface Mail {
  transport: 'smtp' | 'mailbox';
  from: string;
  /**
   * Queues the email for delivery by a job, so no request waits on SMTP and failures retry with
   * backoff. Pass the caller's transaction as `db` to queue it with the caller's writes: the email
   * goes out only if they commit. (On PGlite, which has one connection, a job queued outside an
   * open transaction would wait for it forever: always pass the transaction you are in.)
   */
  send(email: OutgoingEmail, opts?: { db?: Executor }): Promise<void>;
  /**
   * Sends the email now (SMTP_URL, or the built-in mailbox) and says whether the recipient's
   * server accepted it or refused it for good; throws when it may work later: for a caller that
   * keeps a durable fallback of its own (the recipient email of a reward). The same `messageId`
   * stores a message once in the mailbox, and lets mail servers spot a repeat.
   */
  deliverNow(email: OutgoingEmail & { messageId: string }): Promise<DeliveryReport>;
  /** A new Message-ID on this site's domain. */
  newMessageId(): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mail;
  }
}

export const MAIL_QUEUE = 'mail.send';

/** With tracing on, the trace that queued the email (decision 072). */
interface MailJob extends OutgoingEmail, TraceCarrier {
  messageId: string;
}

/**
 * Email, delivered by a pg-boss worker: through SMTP_URL with nodemailer, or, with no SMTP server
 * configured, into the built-in mailbox (a table that /mailbox and GET /api/mailbox read).
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { mail: settings } = opts.config;
    const boss = app.queue.boss;
    const host = new URL(opts.config.publicUrl).hostname;

    let smtp: Transporter | undefined;
    if (settings.transport === 'smtp') {
      // A pool of a few kept-open connections: a burst of rewards must not open one per message.
      // Timeouts well under 30 s, so a direct send gives up before a fallback of it may start.
      const url = new URL(settings.url);
      if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
      if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '5');
      for (const [name, ms] of [
        ['connectionTimeout', 10_000],
        ['greetingTimeout', 10_000],
        ['socketTimeout', 20_000],
      ] as const)
        if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
      smtp = nodemailer.createTransport(url.toString());
      app.addHook('onClose', () => smtp?.close());
    }

    const deliver = (job: MailJob): Promise<DeliveryReport> =>
      inSpan(
        'email send',
        { kind: SpanKind.CLIENT, attributes: { 'giftrelay.mail_transport': settings.transport } },
        () => deliverEmail(job),
      );
    const deliverEmail = async (job: MailJob): Promise<DeliveryReport> => {
      if (smtp) {
        try {
          await smtp.sendMail({
            from: job.fromName ? { name: job.fromName, address: addressOf(settings.from) } : settings.from,
            ...(job.replyTo ? { replyTo: job.replyTo } : {}),
            to: job.to,
            subject: job.subject,
            text: job.text,
            html: job.html,
            messageId: job.messageId,
          });
          // One recipient: had it been refused, sendMail would have thrown (EENVELOPE).
          return { accepted: true };
        } catch (err) {
          const refused = permanentRefusal(err);
          if (refused) return refused;
          throw err;
        }
      }
      // The message id makes a retried job store the message once.
      await app.db
        .insertInto('mailbox_messages')
        .values({
          message_id: job.messageId,
          from_address: job.fromName ? fromWithName(settings.from, job.fromName) : settings.from,
          reply_to: job.replyTo ?? null,
          to_address: job.to,
          subject: job.subject,
          text_body: job.text,
          html_body: job.html,
        })
        .onConflict((oc) => oc.column('message_id').doNothing())
        .execute();
      return { accepted: true };
    };

    // Completed jobs are deleted soon: their data holds links that sign people in.
    const mailQueue = {
      notify: true,
      retryLimit: 8,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 1800,
      deleteAfterSeconds: 60,
      expireInSeconds: 120,
    };
    // A queue made by an older version keeps its old settings unless told.
    await app.queue.ensureQueue(MAIL_QUEUE, mailQueue);
    if (opts.config.runWorkers) {
      await boss.work<MailJob>(
        MAIL_QUEUE,
        { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
        async ([job]) => {
          if (!job) return;
          try {
            const report = await inSpan(MAIL_QUEUE, { kind: SpanKind.CONSUMER, from: job.data }, () =>
              deliver(job.data),
            );
            // A 5xx is final: retrying it would only be refused again.
            if (!report.accepted)
              app.log.warn({ jobId: job.id, smtpCode: report.smtpCode }, 'email refused by the recipient’s server');
          } catch (err) {
            // Warn, not error: the queue retries with backoff. The message itself is never logged.
            app.log.warn(
              { jobId: job.id, err: { message: (err as Error).message } },
              'email delivery failed; will retry',
            );
            throw err;
          }
        },
      );
    }

    app.decorate('mail', {
      transport: settings.transport,
      from: settings.from,
      async send(email, sendOpts) {
        const data: MailJob = { ...email, messageId: `<${randomUUID()}@${host}>`, ...traceCarrier() };
        await boss.send(MAIL_QUEUE, data, sendOpts?.db ? { db: fromKysely(sendOpts.db) } : {});
      },
      deliverNow: deliver,
      newMessageId: () => `<${randomUUID()}@${host}>`,
    } satisfies Mail);
  },
  { name: 'mail', dependencies: ['db', 'queue'] },
);
