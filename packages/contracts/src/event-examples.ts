import type { EventOf, EventType } from './events';
import type { OrderSummary } from './orders';

/**
 * What each event type reports, in a sentence: the OpenAPI document's webhook entries and the
 * docs page say it (decision 066).
 */
export const EVENT_SUMMARIES: Record<EventType, string> = {
  'order.created': 'An order was accepted and its total is held on your balance.',
  'order.completed':
    'Every reward was issued and the recipient’s email was sent; the hold is captured. With `order.failed_count` above 0 the order was partly delivered and `reason` says why the rest were not issued.',
  'order.failed': 'The provider could not issue the rewards; the hold is released in full.',
  'order.approved':
    'An owner or admin approved an order an approval rule held back (its order.created said pending_approval); fulfilment starts.',
  'order.rejected':
    'A waiting order was rejected, by an owner or admin or after 7 days without a decision; its hold is released.',
  'order.cancelled': 'A scheduled order was cancelled before its time; its hold is released.',
  'balance.funded':
    'Money was added to your balance: a top-up, a card payment, a bank transfer or a dispute won (live credits say their `source`).',
  'reward.delivered':
    'The recipient’s mail server accepted the reward’s email (one event per reward); with channel sms, the carrier delivered its text to recipient_phone.',
  'reward.sms_failed':
    'The carrier could not deliver the reward’s text (Twilio’s failed or undelivered, with its error code); the email still stands, if the order has one (recipient_email is null for an order sent by text only). A number that sent STOP is refused at the order instead.',
  'reward.opened': 'The recipient opened the claim page for the first time.',
  'reward.email_bounced':
    'The recipient’s mail server refused the email for good (its SMTP code and answer are in data); resend the order to a corrected address.',
  'reward.voided':
    'A reward nobody had opened was voided: its code no longer shows; refunded says whether the provider cancelled the card and its share came back to your balance.',
  'reward.expired':
    'A reward reached its expiry (expires_at): unopened and cancelled by the provider, its share came back to your balance (refunded); otherwise reason says why not (opened before it expired, or the card could not be cancelled).',
  'reward.failed':
    'The provider could not issue one reward of an order; its share of the order’s charge came back to your balance.',
  'reward.choice_made':
    'The recipient of a choice reward picked a product (data.product_code); its card is being issued, then reward.delivered and order.completed follow.',
  'reward.held':
    'A risk rule held an order for review (stage order: its total stays held, nothing is sent) or a reward when its claim page opened (stage claim: no code is shown); data.review.matched says which rules and why.',
  'reward.released':
    'A person released a held order or reward: the order is fulfilled, or the claim page shows the code.',
  'reward.blocked':
    'A person blocked a held order or reward: its value came back to your balance exactly, and the recipient sees a neutral message.',
  'balance.low': 'Your available balance fell below the threshold set in Settings → Organisation.',
  'balance.debited': 'A card refund or a dispute took money back from your balance.',
  'balance.frozen':
    'A refund or dispute took more than your balance held: sending is paused until a top-up pays the shortfall.',
  'balance.unfrozen': 'A credit paid the shortfall: sending resumes.',
  'batch.completed':
    'Every order of a bulk batch has settled (delivered, failed or cancelled); data.batch has its counts.',
  'webhook.test': 'Sent by “Send test event”, to that endpoint only.',
};

const ORDER_ID = '7c2e9a4b-1d3f-4e5a-9b6c-8d7e0f1a2b3c';
const REWARD_ID = '2f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
const PLACED_AT = '2025-05-01T09:30:00.000Z';
const SENT_AT = '2025-05-01T09:30:02.000Z';
const BALANCE = {
  currency: 'USD',
  available: 4974.37,
  held: 0,
  available_minor: 497_437,
  held_minor: 0,
  sandbox: false,
};

/** The docs' example order, just placed (its page's Create Order answers it). */
const PENDING: OrderSummary = {
  order_id: ORDER_ID,
  status: 'pending',
  delivery_method: 'email',
  product_code: 'AMAZON-US',
  product_name: 'Amazon.com Gift Card',
  brand: 'Amazon',
  currency: 'USD',
  amount: 25,
  quantity: 1,
  subtotal: 25,
  fee: 0.63,
  total: 25.63,
  amount_minor: 2500,
  subtotal_minor: 2500,
  fee_minor: 63,
  total_minor: 2563,
  charged: {
    currency: 'USD',
    rate: '1',
    subtotal: 25,
    fee: 0.63,
    total: 25.63,
    subtotal_minor: 2500,
    fee_minor: 63,
    total_minor: 2563,
    released: 0,
    released_minor: 0,
  },
  recipient_email: 'sam@example.com',
  recipient_phone: '+15555550123',
  recipient_name: null,
  created_at: PLACED_AT,
  completed_at: null,
  failed_at: null,
  failure_reason: null,
  created_by: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  approval: null,
  send_at: null,
  expires_at: null,
  expiry: null,
  sandbox: true,
  choice: null,
  issued_count: 0,
  failed_count: 0,
  voided_count: 0,
};
const RELEASED = { ...PENDING.charged, released: 25.63, released_minor: 2563 };
const DECIDED = {
  expires_at: '2025-05-08T09:30:00.000Z',
  decided_at: SENT_AT,
  decided_by: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  note: null,
};
const FAILED_REASON = 'The gift-card provider declined the order';
const reward = { reward_id: REWARD_ID, order_id: ORDER_ID, recipient_email: 'sam@example.com', position: 1 };

const REVIEW = {
  id: '3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d',
  status: 'pending' as const,
  stage: 'order' as const,
  scope: 'organisation' as const,
  organisation_id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  order_id: ORDER_ID,
  reward_id: null,
  recipient_email: 'sam@hold.sandbox.giftrelay.test',
  brand: 'Amazon',
  product_name: 'Amazon.com Gift Card',
  amount: 25,
  amount_minor: 2500,
  currency: 'USD',
  held: 25.63,
  held_minor: 2563,
  charge_currency: 'USD',
  matched: [
    {
      rule_id: null,
      scope: 'sandbox' as const,
      kind: 'recipient_domain',
      action: 'hold' as const,
      reason: 'Sandbox trigger: every order to hold.sandbox.giftrelay.test is held for review',
    },
  ],
  claim: null,
  created_at: PLACED_AT,
  decided_at: null,
  decided_by_email: null,
  note: null,
  refund: null,
  sandbox: true,
};
const HELD_ORDER: OrderSummary = {
  ...PENDING,
  status: 'pending_review',
  recipient_email: 'sam@hold.sandbox.giftrelay.test',
};

const event = <T extends EventType>(type: T, id: string, data: EventOf<T>['data']) =>
  ({ id, type, created_at: SENT_AT, data }) as EventOf<T>;

/**
 * One event of each type, as GiftRelay sends it: the webhooks' examples in the OpenAPI document
 * and on the docs page. A unit test parses each with its type's schema, and the server's
 * event-shapes test holds each to the keys of a real one (decision 066).
 */
export const EVENT_EXAMPLES: { [T in EventType]: EventOf<T> } = {
  'order.created': event('order.created', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e01', { order: PENDING }),
  'order.completed': event('order.completed', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e02', {
    order: { ...PENDING, status: 'completed', completed_at: SENT_AT, issued_count: 1 },
  }),
  'order.failed': event('order.failed', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e03', {
    order: {
      ...PENDING,
      status: 'failed',
      failed_at: SENT_AT,
      failure_reason: FAILED_REASON,
      charged: RELEASED,
      failed_count: 1,
    },
    reason: FAILED_REASON,
  }),
  'order.approved': event('order.approved', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e04', {
    order: { ...PENDING, approval: DECIDED },
  }),
  'order.rejected': event('order.rejected', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e05', {
    order: {
      ...PENDING,
      status: 'rejected',
      charged: RELEASED,
      approval: { ...DECIDED, note: 'Over this quarter’s budget' },
    },
  }),
  'order.cancelled': event('order.cancelled', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e06', {
    order: { ...PENDING, status: 'cancelled', send_at: '2025-06-01T08:00:00.000Z', charged: RELEASED },
  }),
  'balance.funded': event('balance.funded', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e07', {
    amount: 500,
    amount_minor: 50_000,
    currency: 'USD',
    source: 'card',
    shortfall_paid_minor: 0,
    balance: BALANCE,
  }),
  'reward.delivered': event('reward.delivered', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e08', {
    ...reward,
    delivered_at: SENT_AT,
  }),
  // An order sent by text only (decision 088): no address.
  'reward.sms_failed': event('reward.sms_failed', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e41', {
    ...reward,
    recipient_email: null,
    recipient_phone: '+15555550123',
    failed_at: SENT_AT,
    status: 'undelivered',
    error_code: 30003,
    error_message: 'Unreachable destination handset',
  }),
  'reward.opened': event('reward.opened', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e09', {
    ...reward,
    opened_at: SENT_AT,
  }),
  'reward.email_bounced': event('reward.email_bounced', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e10', {
    ...reward,
    bounced_at: SENT_AT,
    smtp_code: 550,
    smtp_response: '550 5.1.1 <sam@example.com>: Recipient address rejected: User unknown',
  }),
  'reward.voided': event('reward.voided', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e11', {
    ...reward,
    voided_at: SENT_AT,
    refunded: true,
    refund_minor: 2563,
    currency: 'USD',
    order_status: 'voided',
  }),
  'reward.expired': event('reward.expired', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e31', {
    ...reward,
    expires_at: SENT_AT,
    refunded: true,
    refund_minor: 2563,
    currency: 'USD',
    reason: null,
    order_status: 'voided',
  }),
  'reward.failed': event('reward.failed', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e12', {
    ...reward,
    failed_at: SENT_AT,
    reason: FAILED_REASON,
    refund_minor: 2563,
    currency: 'USD',
  }),
  'reward.choice_made': event('reward.choice_made', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e41', {
    ...reward,
    chosen_at: SENT_AT,
    product_code: 'AMAZON-US',
    product_name: 'Amazon.com Gift Card',
    brand: 'Amazon',
    choice_set_id: '3b6f1e2d-8c4a-4f7e-9d1b-2a5c7e9f0b13',
  }),
  'reward.held': event('reward.held', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e19', { review: REVIEW, order: HELD_ORDER }),
  'reward.released': event('reward.released', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e20', {
    review: { ...REVIEW, status: 'released', decided_at: SENT_AT, decided_by_email: 'alex@example.com' },
    order: { ...HELD_ORDER, status: 'pending' },
  }),
  'reward.blocked': event('reward.blocked', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e21', {
    review: {
      ...REVIEW,
      status: 'blocked',
      decided_at: SENT_AT,
      decided_by_email: 'alex@example.com',
      note: 'Not one of our panel members',
    },
    order: { ...HELD_ORDER, status: 'blocked', charged: RELEASED },
  }),
  'balance.low': event('balance.low', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e13', {
    available: 97.5,
    available_minor: 9750,
    currency: 'USD',
    threshold_minor: 10_000,
  }),
  'balance.debited': event('balance.debited', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e14', {
    reason: 'dispute',
    amount: 500,
    amount_minor: 50_000,
    taken_minor: 40_000,
    shortfall_minor: 10_000,
    currency: 'USD',
    balance: { ...BALANCE, available: 0, available_minor: 0 },
  }),
  'balance.frozen': event('balance.frozen', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e15', {
    shortfall: 100,
    shortfall_minor: 10_000,
    currency: 'USD',
    reason: 'dispute',
  }),
  'balance.unfrozen': event('balance.unfrozen', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e16', {
    shortfall_paid_minor: 10_000,
    currency: 'USD',
    balance: { ...BALANCE, available: 400, available_minor: 40_000 },
  }),
  'batch.completed': event('batch.completed', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e17', {
    batch: {
      batch_id: '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b',
      name: 'May referral bonuses',
      status: 'completed',
      mode: 'all_or_nothing',
      counts: {
        rows: 2,
        valid: 2,
        invalid: 0,
        queued: 0,
        ordered: 2,
        insufficient_funds: 0,
        rejected: 0,
        delivered: 2,
        failed: 0,
        cancelled: 0,
        in_progress: 0,
      },
      charged: { currency: 'USD', total: 51.26, total_minor: 5126 },
      created_at: PLACED_AT,
      accepted_at: PLACED_AT,
      completed_at: SENT_AT,
      created_by: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      approval: null,
    },
  }),
  'webhook.test': event('webhook.test', '0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e18', {
    endpoint_id: '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f',
    message: 'A test event from GiftRelay',
  }),
};
