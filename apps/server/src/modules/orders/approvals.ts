import {
  APPROVAL_WAIT_DAYS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type OrderSummary,
  recipientOf,
} from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Database } from '../../db/schema';
import { renderEmail } from '../../lib/email/layout';
import type { SessionAuth } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { insertEvent } from '../events';
import { postEntry } from '../ledger';
import { type Decision, decideWaiting, type Waiting } from './decide-waiting';
import { FULFIL_QUEUE, fulfilJobData, fulfilJobOptions } from './fulfilment';
import { presentOrder } from './presenter';
import * as repo from './repository';

type Tx = Transaction<Database> | Kysely<Database>;

/**
 * Approvals (issue 15, decision 035). The order statement decides whether an order waits
 * (`pending_approval`, held, no job); this module decides it: an owner or admin approves (the
 * order goes on as `pending` and its fulfilment job is written in the same transaction) or
 * rejects (the hold is released), and the housekeeping sweep rejects what waited 7 days. Each
 * decision goes through `decideWaiting`, as a batch's does.
 */

export const EXPIRED_NOTE = `Nobody approved or rejected this order within ${APPROVAL_WAIT_DAYS} days: its hold was released`;

function waitingOrder(app: FastifyInstance, auth: SessionAuth): Waiting<repo.OrderRow, OrderSummary, OrderStatus> {
  return {
    noun: 'order',
    claim: (tx, decision, { columns, guard }) =>
      tx
        .updateTable('orders')
        .set({
          // An approved order that was to be sent later goes on as scheduled (decision 042).
          status:
            decision === 'approve'
              ? sql<OrderStatus>`CASE WHEN send_at > now() THEN 'scheduled' ELSE 'pending' END`
              : 'rejected',
          ...columns,
        })
        .where(guard)
        .returningAll()
        .executeTakeFirst(),
    async apply(tx, order, decision) {
      if (decision === 'approve') {
        const later = order.status === 'scheduled' ? order : { ...order, send_at: null };
        await app.queue.boss.send(FULFIL_QUEUE, fulfilJobData(later), {
          ...fulfilJobOptions(app.config, later.send_at),
          db: fromKysely(tx),
        });
      } else {
        await releaseHold(tx, order, 'Order rejected: hold released');
      }
      await recordDecision(tx, order, decision, { userId: auth.userId, email: auth.email });
      // Withdrawing one's own order needs no email to oneself.
      if (order.created_by !== auth.userId) await tellSender(app, tx, order, decision, auth.email);
      return presentOrder(order);
    },
    queue: FULFIL_QUEUE,
    find: (organisationId, id) => repo.findOrder(app.db, organisationId, id),
    expire: (id) => expireWaitingOrders(app, id),
    expiredNote: EXPIRED_NOTE,
    statusLabel: (status) => ORDER_STATUS_LABELS[status],
  };
}

export function decideOrder(
  app: FastifyInstance,
  auth: SessionAuth,
  orderId: string,
  decision: Decision,
  note: string | undefined,
): Promise<OrderSummary> {
  return decideWaiting(app, auth, waitingOrder(app, auth), orderId, decision, note);
}

/**
 * Rejects the orders that waited past their expiry (all of them, or the one named), releasing
 * their holds, in batches that skip rows another sweep holds. Returns how many it rejected.
 */
export async function expireWaitingOrders(app: FastifyInstance, onlyOrderId?: string): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await app.db.transaction().execute(async (tx) => {
      const orders = await tx
        .updateTable('orders')
        .set({ status: 'rejected', decided_at: sql`now()`, decided_by: null, decision_note: EXPIRED_NOTE })
        .where(
          'id',
          'in',
          tx
            .selectFrom('orders')
            .select('id')
            .where('status', '=', 'pending_approval')
            .where('approval_expires_at', '<=', sql<Date>`now()`)
            .$if(onlyOrderId !== undefined, (q) => q.where('id', '=', onlyOrderId as string))
            .limit(100)
            .forUpdate()
            .skipLocked(),
        )
        .where('status', '=', 'pending_approval')
        .returningAll()
        .execute();
      for (const order of orders) {
        await releaseHold(tx, order, 'Approval expired: hold released');
        await recordDecision(tx, order, 'reject', null);
        await tellSender(app, tx, order, 'reject', null);
      }
      return orders.length;
    });
    total += batch;
    if (batch < 100 || onlyOrderId) return total;
  }
}

export async function releaseHold(tx: Tx, order: repo.OrderRow, description: string) {
  const total = Number(order.charged_total_minor);
  await postEntry(tx, {
    organisationId: order.organisation_id,
    kind: 'release',
    currency: order.charge_currency,
    orderId: order.id,
    description,
    postings: [
      { account: 'held', amountMinor: -total },
      { account: 'available', amountMinor: total },
    ],
  });
}

/** The order's history line, the public event and the audit line of one decision (null: the sweep). */
async function recordDecision(
  tx: Tx,
  order: repo.OrderRow,
  decision: Decision,
  by: { userId: string; email: string } | null,
) {
  const type = decision === 'approve' ? 'order.approved' : 'order.rejected';
  const summary = presentOrder(order);
  await repo.insertEvent(tx, {
    order_id: order.id,
    organisation_id: order.organisation_id,
    type,
    payload: { order: summary, note: order.decision_note, by: by?.email ?? null },
  });
  await insertEvent(tx, {
    organisationId: order.organisation_id,
    type,
    data: { order: summary },
    createdAt: order.decided_at ?? undefined,
  });
  await recordAudit(tx, {
    organisationId: order.organisation_id,
    action: type,
    userId: by?.userId ?? null,
    detail: {
      order_id: order.id,
      total: summary.charged.total,
      currency: summary.charged.currency,
      recipient_email: order.recipient_email,
      note: order.decision_note,
      ...(by ? {} : { reason: 'expired' }),
    },
  });
}

/**
 * Emails every owner and admin (but the sender) that an order waits: best effort after the
 * order's commit. The queue in the app shows it whatever happens to the email.
 */
export async function tellApprovers(app: FastifyInstance, order: Omit<repo.OrderRow, 'sandbox'>): Promise<void> {
  try {
    const [approvers, sender, organisation] = await Promise.all([
      app.db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('u.email')
        .where('m.organisation_id', '=', order.organisation_id)
        .where('m.role', 'in', ['owner', 'admin'])
        .where('m.user_id', 'is distinct from', order.created_by)
        .execute(),
      order.created_by
        ? app.db.selectFrom('users').select('email').where('id', '=', order.created_by).executeTakeFirst()
        : undefined,
      repo.findOrganisationProfile(app.db, order.organisation_id),
    ]);
    const total = formatMoney(Number(order.charged_total_minor), order.charge_currency);
    const who = sender?.email ?? 'A sender';
    for (const { email } of approvers) {
      await app.mail.send({
        to: email,
        subject: `Approval needed: ${total} to ${recipientOf(order)}`,
        ...renderEmail({
          preview: `${who} sent ${order.quantity} × ${order.product_name}; it waits for you.`,
          heading: 'An order waits for your approval',
          paragraphs: [
            `${who} sent ${order.quantity} × ${formatMoney(Number(order.amount_minor), order.currency)} ${order.product_name} to ${recipientOf(order)} for ${organisation.name}: ${total} in all, held on the balance until someone decides.`,
            `Approve it to deliver the reward, or reject it with a note to the sender. Without a decision in ${APPROVAL_WAIT_DAYS} days it is rejected and the hold released.`,
          ],
          action: { label: 'Open the approval queue', url: `${app.config.publicUrl}/approvals` },
        }),
      });
    }
  } catch (err) {
    app.log.warn({ err, orderId: order.id }, 'could not email the approvers of a waiting order');
  }
}

/**
 * Emails the person who placed the order that it was approved or rejected, with the approver's
 * note (issue 35). Queued through the mail job in the decision's transaction: it goes out only if
 * the decision commits, and retries like every email.
 */
async function tellSender(
  app: FastifyInstance,
  tx: Transaction<Database>,
  order: repo.OrderRow,
  decision: Decision,
  by: string | null,
): Promise<void> {
  if (!order.created_by) return;
  const sender = await tx.selectFrom('users').select('email').where('id', '=', order.created_by).executeTakeFirst();
  if (!sender) return;
  const total = formatMoney(Number(order.charged_total_minor), order.charge_currency);
  const what = `${order.quantity} × ${formatMoney(Number(order.amount_minor), order.currency)} ${order.product_name} to ${recipientOf(order)}`;
  const approved = decision === 'approve';
  const note = order.decision_note;
  const paragraphs = approved
    ? [
        `${by ?? 'An approver'} approved your order of ${what} (${total}).`,
        order.status === 'scheduled' && order.send_at
          ? `It will be sent as scheduled, on ${order.send_at.toISOString().slice(0, 16).replace('T', ' ')} UTC.`
          : 'It is on its way to the recipient now.',
      ]
    : [
        by ? `${by} rejected your order of ${what} (${total}).` : `Your order of ${what} (${total}) was rejected.`,
        `The ${total} held for it is back on the balance; nothing was sent.`,
      ];
  if (note) paragraphs.splice(1, 0, approved ? `Their note: “${note}”` : `The reason: “${note}”`);
  await app.mail.send(
    {
      to: sender.email,
      subject: `${approved ? 'Approved' : 'Rejected'}: ${total} to ${recipientOf(order)}`,
      ...renderEmail({
        preview: approved ? 'Your order was approved.' : `Your order was rejected${note ? `: ${note}` : '.'}`,
        heading: approved ? 'Your order was approved' : 'Your order was rejected',
        paragraphs,
        action: { label: 'Open the order history', url: `${app.config.publicUrl}/orders` },
      }),
    },
    { db: tx },
  );
}
