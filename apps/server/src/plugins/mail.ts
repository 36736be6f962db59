import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { fromKysely } from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { RenderedEmail } from '../lib/email/layout';

/** An email ready to go: its HTML and text parts come from renderEmail (lib/email/layout.ts). */
export interface OutgoingEmail extends RenderedEmail {
  to: string;
  subject: string;
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
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mail;
  }
}

export const MAIL_QUEUE = 'mail.send';

interface MailJob extends OutgoingEmail {
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
      const url = new URL(settings.url);
      if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
      if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '5');
      smtp = nodemailer.createTransport(url.toString());
      app.addHook('onClose', () => smtp?.close());
    }

    const deliver = async (job: MailJob) => {
      if (smtp) {
        await smtp.sendMail({
          from: settings.from,
          to: job.to,
          subject: job.subject,
          text: job.text,
          html: job.html,
          messageId: job.messageId,
        });
        return;
      }
      // The message id makes a retried job store the message once.
      await app.db
        .insertInto('mailbox_messages')
        .values({
          message_id: job.messageId,
          from_address: settings.from,
          to_address: job.to,
          subject: job.subject,
          text_body: job.text,
          html_body: job.html,
        })
        .onConflict((oc) => oc.column('message_id').doNothing())
        .execute();
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
            await deliver(job.data);
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
        const data: MailJob = { ...email, messageId: `<${randomUUID()}@${host}>` };
        await boss.send(MAIL_QUEUE, data, sendOpts?.db ? { db: fromKysely(sendOpts.db) } : {});
      },
    } satisfies Mail);
  },
  { name: 'mail', dependencies: ['db', 'queue'] },
);
