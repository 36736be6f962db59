import type { OrderDetail } from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import { ApiError } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format';

type OrderEvent = OrderDetail['history'][number];

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
/** "By sam@example.com: “note”", either part alone, or nothing. */
const byAndNote = (by?: string, note?: string) =>
  [by && `By ${by}`, note && `“${note}”`].filter(Boolean).join(': ') || undefined;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** A line of the order's history as a person reads it: what happened, and to whom or why. */
export function describeEvent(event: OrderEvent): { title: string; detail?: string } {
  switch (event.type) {
    case 'order.created':
      return { title: 'Order placed' };
    case 'order.approved': {
      const by = text(event.detail.by);
      const note = text(event.detail.note);
      return {
        title: 'Approved',
        detail: byAndNote(by, note),
      };
    }
    case 'order.rejected': {
      const by = text(event.detail.by);
      const note = text(event.detail.note);
      return {
        title: 'Rejected',
        detail: byAndNote(by, note),
      };
    }
    case 'order.completed':
      // A partly delivered order (decision 058) carries the reason the others were not issued.
      return text(event.detail.reason)
        ? { title: 'Partly delivered', detail: text(event.detail.reason) }
        : { title: 'Delivered' };
    case 'reward.failed': {
      const reward = typeof event.detail.position === 'number' ? `Reward #${event.detail.position}` : 'Reward';
      const minor = event.detail.refund_minor;
      const currency = text(event.detail.currency);
      const refund = typeof minor === 'number' && currency ? formatMoney(minor, currency) : undefined;
      return { title: `${reward} not issued`, detail: refund ? `${refund} back on the balance` : 'Refunded' };
    }
    case 'reward.review_needed': {
      const reward = typeof event.detail.position === 'number' ? `Reward #${event.detail.position}` : 'Reward';
      return {
        title: `${reward} waiting for GiftRelay`,
        detail: 'The provider could not say whether it issued this card; its amount stays held until GiftRelay checks.',
      };
    }
    case 'order.void_requested': {
      const positions = Array.isArray(event.detail.positions) ? event.detail.positions : [];
      const note = text(event.detail.note);
      const which = positions.length === 1 ? `Reward #${positions[0]}` : `Rewards #${positions.join(', #')}`;
      return {
        title: 'Void requested',
        detail: [positions.length ? which : undefined, note && `“${note}”`].filter(Boolean).join(': ') || undefined,
      };
    }
    case 'reward.voided': {
      const reward = typeof event.detail.position === 'number' ? `Reward #${event.detail.position}` : 'Reward';
      if (event.detail.refunded === true) {
        const minor = event.detail.refund_minor;
        const currency = text(event.detail.currency);
        const refund = typeof minor === 'number' && currency ? formatMoney(minor, currency) : undefined;
        return { title: `${reward} voided`, detail: refund ? `${refund} back on the balance` : 'Refunded' };
      }
      return {
        title: `${reward} voided, not refunded`,
        detail: text(event.detail.reason) ?? 'The provider would not cancel the card.',
      };
    }
    case 'choice.invited': {
      const to = [text(event.detail.to), text(event.detail.phone)].filter(Boolean).join(' and ');
      const title = text(event.detail.to) ? 'Email sent' : text(event.detail.phone) ? 'Text sent' : 'Email sent';
      return { title, detail: to ? `To ${to}: invited to choose a card` : 'Invited to choose a card' };
    }
    case 'choice.returned':
      return {
        title: 'Choice returned to the recipient',
        detail:
          event.detail.problem === 'out_of_stock'
            ? 'The card chosen was out of stock: they choose again, and the amount stays held.'
            : 'The provider could not issue the card chosen just then: they can try again, and the amount stays held.',
      };
    case 'reward.choice_made': {
      const reward = typeof event.detail.position === 'number' ? `Reward #${event.detail.position}` : 'Reward';
      const chosen = text(event.detail.product_name) ?? text(event.detail.brand) ?? text(event.detail.product_code);
      return { title: 'Card chosen', detail: chosen ? `${reward}: the recipient chose ${chosen}` : undefined };
    }
    case 'reward.opened': {
      const reward = typeof event.detail.position === 'number' ? `Reward #${event.detail.position}` : 'Reward';
      return { title: 'Opened', detail: `${reward}: the recipient opened the claim page` };
    }
    case 'order.failed':
      return { title: 'Failed', detail: text(event.detail.reason) ?? 'The gift card could not be issued.' };
    case 'email.queued': {
      const to = text(event.detail.to);
      const phone = text(event.detail.phone);
      if (phone) return { title: 'Email and text sent', detail: to ? `To ${to} and ${phone}` : `To ${phone}` };
      return { title: 'Email sent', detail: to ? `To ${to}` : undefined };
    }
    // Decision 088: an order by text only.
    case 'sms.queued': {
      const phone = text(event.detail.phone);
      return { title: 'Text sent', detail: phone ? `To ${phone}` : undefined };
    }
    case 'sms.resent': {
      const phone = text(event.detail.phone);
      return { title: 'Text resent', detail: phone ? `To ${phone}` : undefined };
    }
    // The API records a resend as email.resent; order.resent is the name the webhooks may use.
    case 'email.resent':
    case 'order.resent': {
      const to = text(event.detail.to);
      const phone = text(event.detail.phone);
      return {
        title: phone ? 'Email and text resent' : 'Email resent',
        detail: to ? `To ${[to, phone].filter(Boolean).join(' and ')}` : undefined,
      };
    }
    case 'email.reminder': {
      const to = text(event.detail.to);
      const n = event.detail.reminder === 2 ? 'Second reminder' : 'Reminder';
      return { title: `${n} sent`, detail: to ? `To ${to}: the reward is not claimed yet` : undefined };
    }
    case 'email.void_notice': {
      const on = text(event.detail.voids_on);
      return { title: 'Told the reward will be voided', detail: on ? `Unless claimed by ${on}` : undefined };
    }
    // Risk rules (decision 083): the event's review says which rules matched, who decided and why.
    case 'reward.held': {
      const review = record(event.detail.review);
      const matched = Array.isArray(review.matched) ? review.matched.map((m) => text(record(m).reason)) : [];
      const reasons = matched.filter(Boolean).join('; ');
      return { title: 'Held for review', detail: reasons || undefined };
    }
    case 'order.review_released':
    case 'order.review_blocked':
    case 'reward.released':
    case 'reward.blocked': {
      const review = record(event.detail.review);
      const isRelease = event.type.endsWith('released');
      const detail = byAndNote(text(review.decided_by_email), text(review.note));
      return {
        title: isRelease ? 'Released from review' : 'Blocked in review',
        detail: detail ?? (isRelease ? undefined : 'Nothing was sent; the held total went back to the balance.'),
      };
    }
    case 'order.cancelled':
      return { title: 'Cancelled', detail: 'Nothing was sent; the held total went back to the balance.' };
    case 'order.rescheduled': {
      const to = text(event.detail.to);
      return { title: 'Rescheduled', detail: to ? `To ${formatTimestamp(to)}` : undefined };
    }
    case 'recipient.changed': {
      const from = text(event.detail.from);
      const to = text(event.detail.to);
      const phoneFrom = text(event.detail.phone_from);
      const phoneTo = text(event.detail.phone_to);
      const changes = [
        from && to && from !== to ? `From ${from} to ${to}` : undefined,
        phoneFrom && phoneTo
          ? `Number from ${phoneFrom} to ${phoneTo}`
          : phoneTo
            ? `Number ${phoneTo} added`
            : undefined,
      ].filter(Boolean);
      return { title: 'Recipient corrected', detail: changes.join('; ') || undefined };
    }
    default:
      return { title: event.type };
  }
}

/** Oldest first, as a history reads. */
export const historyInOrder = (history: OrderEvent[]): OrderEvent[] =>
  [...history].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

export interface Problem {
  title: string;
  description: string;
}

/** What went wrong with a resend, in words that say what to do next. */
export function resendProblem(err: unknown): Problem {
  if (!(err instanceof ApiError)) {
    return { title: 'The email could not be resent', description: 'Something went wrong. Please try again.' };
  }
  switch (err.code) {
    case 'CONFLICT':
      return {
        title: 'This order cannot be resent',
        description: err.message || 'Only delivered orders can be resent.',
      };
    case 'VALIDATION_ERROR':
      return {
        title: err.details?.[0]?.path === 'body.phone' ? 'Check the mobile number' : 'Check the email address',
        description: err.message,
      };
    // Decision 088: a corrected number is checked as an order's.
    case 'PHONE_INVALID':
    case 'RECIPIENT_OPTED_OUT':
    case 'SMS_UNAVAILABLE':
      return { title: 'Check the mobile number', description: err.details?.[0]?.message ?? err.message };
    case 'RATE_LIMITED':
      return {
        title: 'Resent too often',
        description: err.message || 'This order was resent a short while ago. Please wait before trying again.',
      };
    case 'NOT_FOUND':
      return { title: 'Order not found', description: 'This order no longer exists in your organisation.' };
    // Another address (decision 062): the server's sentence says who may, or why not now.
    case 'RECIPIENT_CHANGE_FORBIDDEN':
    case 'RECIPIENT_CHANGE_NEEDS_APPROVAL':
      return { title: 'You cannot change this order’s address', description: err.message };
    case 'REWARD_OPENED':
      return { title: 'The reward has been opened', description: err.message };
    case 'ORDER_VOIDED':
      return { title: 'This order was voided', description: err.message };
    default:
      return { title: 'The email could not be resent', description: err.message };
  }
}
