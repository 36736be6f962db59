import { rewardEmailCopy } from '@giftrelay/contracts';
import { formatMoney, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Database } from '../../db/schema';
import { decryptSecret } from '../../lib/crypto';
import { renderEmail } from '../../lib/email/layout';
import { groupWriter } from '../../lib/group-writer';
import type { OutgoingEmail } from '../../plugins/mail';
import { type SenderBranding, senderBranding } from '../organisation';
import { cachedProduct } from './lookups';
import * as repo from './repository';
import { recordEmailBounced, recordManyRewardsDelivered } from './reward-events';
import { queueRewardSms } from './reward-sms';

/** The recipient email itself. Inside a transaction, pass it as `db` (PGlite has one connection). */
export async function renderRecipientEmail(
  app: FastifyInstance,
  order: repo.OrderRow,
  rewards: Pick<repo.RewardRow, 'claim_token_encrypted'>[],
  to: string,
  db: Kysely<Database> = app.db,
  reminder?: { voidsOn: string | null },
  /** The look, when the caller read it with its own statement just now (the fulfilment's load). */
  fresh?: SenderBranding,
): Promise<OutgoingEmail> {
  // Read fresh, not from the lookups cache: a settings change shows on the very next email.
  const branding = fresh ?? (await senderBranding(db, order.organisation_id));
  const product = await cachedProduct(app, order.product_code, db);
  const links = rewards.map(
    (r) => `${app.config.publicUrl}/claim/${decryptSecret(app.secrets.rewardCodeKey, r.claim_token_encrypted)}`,
  );
  const copy = rewardEmailCopy({
    sender: branding.sender,
    brand: order.brand,
    productName: order.product_name,
    value: formatMoney(Number(order.amount_minor), order.currency),
    amount: toMajor(Number(order.amount_minor), order.currency),
    count: rewards.length,
    recipientName: order.recipient_name,
    message: order.message,
    sandbox: order.sandbox,
    redemptionInstructions: product?.redemptionInstructions,
    reminder,
  });
  const email = renderEmail({
    preview: copy.preview,
    notice: copy.notice,
    heading: copy.heading,
    paragraphs: copy.paragraphs,
    details: copy.details,
    action: links.length === 1 ? { label: copy.claimLabels[0] as string, url: links[0] as string } : undefined,
    links: links.length > 1 ? links.map((url, i) => ({ label: copy.claimLabels[i] as string, url })) : undefined,
    footnotes: copy.footnotes,
    branding: {
      name: branding.sender,
      colour: branding.colour,
      logoUrl: branding.logoPath && `${app.config.publicUrl}${branding.logoPath}`,
    },
  });
  return { to, subject: copy.subject, fromName: branding.fromName, replyTo: branding.replyTo, ...email };
}

/**
 * The recipient email's fallback: a job written with the order's completion, due only after
 * EMAIL_FALLBACK_SECONDS, that sends the email if the worker that completed the order did not
 * (it died, or the send failed). Its data is the order and the Message-ID, not the email, whose
 * claim links are secrets: the email is rendered again from the order.
 */
export const EMAIL_FALLBACK_QUEUE = 'orders.recipient-email';

export interface EmailFallback {
  orderId: string;
  /** The address, or null for an order reached by text only (decision 088): the job then only texts. */
  to: string | null;
  /** The email's Message-ID, and the key of this send's one text (for a text-only order, a key only). */
  messageId: string;
}

/**
 * A resend: the same job, due at once, with a new Message-ID, queued in the caller's transaction
 * (with its `email.resent` history line) so it goes out only if that commits; the caller wakes the
 * queue after the commit. Going through this job, a resend's acceptance or refusal is reported
 * like the first email's.
 */
export async function queueResendEmail(
  app: FastifyInstance,
  tx: Transaction<Database>,
  order: repo.OrderRow,
  to: string | null,
) {
  const job: EmailFallback = { orderId: order.id, to, messageId: app.mail.newMessageId() };
  await app.queue.boss.send(EMAIL_FALLBACK_QUEUE, job, { db: fromKysely(tx) });
  await repo.insertEvent(tx, {
    order_id: order.id,
    organisation_id: order.organisation_id,
    // A text-only order's resend is a text (decision 088).
    type: to === null ? 'sms.resent' : 'email.resent',
    payload: { to, phone: order.recipient_phone },
  });
}

/** The fallback job: the completed order's email, rendered again, with its first Message-ID. */
export async function sendRecipientEmailAgain(app: FastifyInstance, job: EmailFallback) {
  const order = await repo.findOrderForWorker(app.db, job.orderId);
  // A choice order emails its claim link while it waits for the pick (decision 080).
  const choosing = order?.status === 'pending' && order.choice_product_codes !== null;
  if (order?.status !== 'completed' && !choosing) return;
  // The email renders the rewards' current links: a job queued for an address the order has since
  // moved from (a retry, an earlier resend) must not carry the new address's links there (decision 062).
  // A text-only order's job has no address (decision 088), and its order none either unless one was added since.
  if ((job.to ?? '').toLowerCase() !== (order.recipient_email ?? '').toLowerCase()) return;
  // A partly delivered order's email has the issued rewards' links only (decision 058), and a
  // partly voided one's not the voided rewards' (decision 076), whose pages show no code.
  const rewards = (await repo.listRewards(app.db, order.id)).filter(
    (r) => (r.status === 'issued' || (choosing && r.status !== 'failed')) && r.void_state === null,
  );
  await sendRecipientEmail(app, order, rewards, job);
}

/**
 * Sends the recipient email (and queues the text, with a phone) and records what the recipient's server said: accepted writes
 * `reward.delivered` (once per reward), a 5xx refusal `reward.email_bounced` (once per message);
 * the order stays completed either way (decision 029). Throws when it may work later.
 */
export async function sendRecipientEmail(
  app: FastifyInstance,
  order: repo.OrderRow,
  rewards: { claim_token_encrypted: string }[],
  send: EmailFallback,
  branding?: SenderBranding,
) {
  // The text goes with the email, under its Message-ID: this send's one text (decision 082).
  if (order.recipient_phone) await queueRewardSms(app, order.id, send.messageId);
  // An order reached by text only (decision 088): the text is the whole send.
  if (send.to === null) return;
  const email = await renderRecipientEmail(app, order, rewards, send.to, app.db, undefined, branding);
  const report = await app.mail.deliverNow({ ...email, messageId: send.messageId });
  if (report.accepted) await deliveredWriter(app.db).write([{ orderId: order.id, to: send.to }]);
  else {
    app.log.info({ orderId: order.id, smtpCode: report.smtpCode }, 'recipient email refused by their mail server');
    await recordEmailBounced(app.db, { orderId: order.id, to: send.to, messageId: send.messageId, ...report });
  }
}

/** Acceptances per statement at most: a few fetches' worth of emails. */
const GROUP_MAX_DELIVERED = 500;
const deliveredWriters = new WeakMap<
  Kysely<Database>,
  ReturnType<typeof groupWriter<{ orderId: string; to: string }>>
>();

/**
 * Records accepted emails: those accepted in the same turn of the event loop (a fetch's worth of
 * orders delivered side by side) in one statement (lib/group-writer, decision 094); each caller
 * goes on once its rows are committed, as with a statement of its own.
 */
function deliveredWriter(db: Kysely<Database>) {
  let writer = deliveredWriters.get(db);
  if (!writer) {
    writer = groupWriter((sent) => recordManyRewardsDelivered(db, sent).then(() => {}), {
      maxItems: GROUP_MAX_DELIVERED,
    });
    deliveredWriters.set(db, writer);
  }
  return writer;
}
