import { formatMoney } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { renderEmail } from '../../lib/email/layout';
import * as repo from './repository';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Tells an organisation's owners and admins that something waits in Review (issue 37, decision
 * 090), in the approvals' email shape: one email per held order, one per batch however many of
 * its orders were held, and one per order for holds at the claim (its first reward held, not
 * each). Best effort after the commit for orders and batches (the queue shows it whatever
 * happens to the email); queued in the hold's own transaction at the claim.
 */

async function reviewers(db: Db, organisationId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.organisation_id', '=', organisationId)
    .where('m.role', 'in', ['owner', 'admin'])
    .execute();
}

const operatorsDecide = (platform: boolean) =>
  platform
    ? ['A platform rule held it: a GiftRelay operator decides it, and you can follow it in Review.']
    : ['Release it to let it go on, or block it to give its value back to the balance. Until then nothing is lost.'];

async function sendAll(
  app: FastifyInstance,
  db: Db,
  organisationId: string,
  subject: string,
  preview: string,
  heading: string,
  paragraphs: string[],
  inTx?: Transaction<Database>,
) {
  const [to, organisation] = await Promise.all([
    reviewers(db, organisationId),
    repo.findOrganisationProfile(db, organisationId),
  ]);
  for (const { email } of to)
    await app.mail.send(
      {
        to: email,
        subject,
        ...renderEmail({
          preview,
          heading,
          paragraphs: [paragraphs[0]?.replace('{org}', organisation.name) ?? '', ...paragraphs.slice(1)],
          action: { label: 'Open Review', url: `${app.config.publicUrl}/review` },
        }),
      },
      inTx ? { db: inTx } : undefined,
    );
}

/** An order the rules held as it was placed (stage `order`). */
export async function tellReviewersOfOrder(
  app: FastifyInstance,
  order: Pick<
    repo.OrderRow,
    | 'id'
    | 'organisation_id'
    | 'created_by'
    | 'quantity'
    | 'amount_minor'
    | 'currency'
    | 'product_name'
    | 'recipient_email'
    | 'charged_total_minor'
    | 'charge_currency'
  >,
  platform: boolean,
): Promise<void> {
  try {
    const sender = order.created_by
      ? await app.db.selectFrom('users').select('email').where('id', '=', order.created_by).executeTakeFirst()
      : undefined;
    const total = formatMoney(Number(order.charged_total_minor), order.charge_currency);
    const who = sender?.email ?? 'An API key';
    await sendAll(
      app,
      app.db,
      order.organisation_id,
      `Held for review: ${total} to ${order.recipient_email}`,
      `A risk rule held an order to ${order.recipient_email}.`,
      'An order is held for review',
      [
        `${who} sent ${order.quantity} × ${formatMoney(Number(order.amount_minor), order.currency)} ${order.product_name} to ${order.recipient_email} for {org}, and a risk rule held it: ${total}, held on the balance until someone decides.`,
        ...operatorsDecide(platform),
      ],
    );
  } catch (err) {
    app.log.warn({ err, orderId: order.id }, 'could not email the reviewers of a held order');
  }
}

/** A batch whose orders the rules held as it was accepted: one email for all of them. */
export async function tellReviewersOfBatch(app: FastifyInstance, batchId: string): Promise<void> {
  try {
    const held = await app.db
      .selectFrom('risk_reviews as v')
      .innerJoin('orders as o', 'o.id', 'v.order_id')
      .select(['o.organisation_id', 'v.scope', 'o.charged_total_minor', 'o.charge_currency'])
      .where('o.batch_id', '=', batchId)
      .where('v.stage', '=', 'order')
      .where('v.status', '=', 'pending')
      .execute();
    const first = held[0];
    if (!first) return;
    const sum = held
      .filter((h) => h.charge_currency === first.charge_currency)
      .reduce((n, h) => n + Number(h.charged_total_minor), 0);
    const n = held.length;
    const orders = n === 1 ? '1 order' : `${n} orders`;
    await sendAll(
      app,
      app.db,
      first.organisation_id,
      `Held for review: ${orders} of a batch`,
      `Risk rules held ${orders} of a batch.`,
      `${n === 1 ? 'An order' : 'Orders'} of a batch ${n === 1 ? 'is' : 'are'} held for review`,
      [
        `Risk rules held ${orders} of a batch for {org}: ${formatMoney(sum, first.charge_currency)}, held on the balance until someone decides. The batch’s other orders went on.`,
        ...operatorsDecide(held.every((h) => h.scope === 'platform')),
      ],
    );
  } catch (err) {
    app.log.warn({ err, batchId }, 'could not email the reviewers of a batch’s held orders');
  }
}

/**
 * A reward held when its claim page opened (stage `claim`), in the hold's transaction: only the
 * order's first claim held waiting, so one order's rewards opened from one address make one email.
 */
export async function tellReviewersOfClaim(
  app: FastifyInstance,
  tx: Transaction<Database>,
  held: { order_id: string; organisation_id: string; reason: string },
): Promise<void> {
  const waiting = await tx
    .selectFrom('risk_reviews')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('order_id', '=', held.order_id)
    .where('stage', '=', 'claim')
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  if (Number(waiting.n) > 1) return;
  const order = await tx
    .selectFrom('orders')
    .select(['recipient_email', 'product_name', 'amount_minor', 'currency'])
    .where('id', '=', held.order_id)
    .executeTakeFirstOrThrow();
  const value = formatMoney(Number(order.amount_minor), order.currency);
  await sendAll(
    app,
    tx,
    held.organisation_id,
    `Held for review: a claim of ${value} by ${order.recipient_email}`,
    `A risk rule held a reward when ${order.recipient_email} opened it.`,
    'A reward is held at its claim',
    [
      `${order.recipient_email} opened a ${value} ${order.product_name} reward from {org}, and a risk rule held it: ${held.reason}. The code is not shown until someone decides.`,
      'Release it to show the code, or block it to cancel the card and give its value back to the balance.',
    ],
    tx,
  );
}
