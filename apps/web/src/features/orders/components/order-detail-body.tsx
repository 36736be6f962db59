import { CHOICE_PRODUCT_NAME, type OrderDetail, SMS_STATUS_LABELS } from '@giftrelay/contracts';
import type { ReactNode } from 'react';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SandboxBadge } from '@/components/ui/sandbox-badge';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useCan } from '@/lib/auth/use-can';
import { formatFaceValue, formatMajor, formatTimestamp } from '@/lib/format';
import { useOrder } from '../api/get-order';
import { describeEvent, historyInOrder } from '../utils/history';
import { ResendEmailForm } from './resend-email-form';
import { ScheduleControls } from './schedule-controls';
import { canBeVoided, VoidRewardsDialog } from './void-rewards-dialog';

/** The order's figures, rewards with their claim status, history, and a resend for delivered ones. */
export function OrderDetailBody({ orderId }: { orderId: string }) {
  const canResend = useCan('resendOrder');
  const canVoid = useCan('voidOrder');
  const canCancel = useCan('cancelOrder');
  const order = useOrder(orderId);
  if (order.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the order" />
      </div>
    );
  }
  if (order.isError) {
    const isMissing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <div role="alert" className="grid justify-items-start gap-3 text-sm">
        <p className="font-medium">{isMissing ? 'We could not find this order.' : 'This order could not be loaded.'}</p>
        <p className="text-muted-foreground">
          {isMissing ? 'It may belong to another organisation, or the link is incomplete.' : order.error.message}
        </p>
        {!isMissing && (
          <Button variant="outline" size="sm" onClick={() => void order.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const o = order.data;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <OrderStatusBadge status={o.status} failedCount={o.failed_count} voidedCount={o.voided_count} />
        {o.sandbox && <SandboxBadge />}
        <span className="font-medium">{o.brand}</span>
        <span className="text-sm text-muted-foreground">{o.product_name}</span>
      </div>
      <ApprovalNotice order={o} />
      <RiskNotice order={o} />
      <ExpiryNotice order={o} />
      {o.status === 'scheduled' &&
        (canCancel ? (
          <Section title="Scheduled">
            <ScheduleControls order={o} />
          </Section>
        ) : (
          <p role="note" className="rounded-lg border border-dashed p-3 text-sm">
            Scheduled for {o.send_at ? formatTimestamp(o.send_at) : '—'}.
          </p>
        ))}
      <OrderSummarySection order={o} />
      <RewardsSection order={o} />
      <HistorySection order={o} />
      {canVoid && canBeVoided(o) && (
        <Section title="Void">
          <p className="text-sm text-muted-foreground">
            {o.status === 'pending'
              ? 'Sent to the wrong person, or no longer due? Until the recipient chooses a card, the reward can be voided and its hold released.'
              : 'Sent to the wrong person, or no longer due? Rewards nobody has opened can be voided and refunded.'}
          </p>
          <VoidRewardsDialog order={o} />
        </Section>
      )}
      {o.status === 'completed' && canResend && (
        <Section title={o.recipient_email ? 'Resend email' : 'Resend text'}>
          {/* A corrected address or number becomes the order's: the form starts again from it. */}
          <ResendEmailForm
            key={`${o.recipient_email}|${o.recipient_phone}`}
            orderId={o.order_id}
            currentEmail={o.recipient_email}
            currentPhone={o.recipient_phone ?? null}
          />
        </Section>
      )}
    </div>
  );
}

/** For an order an approval rule caught: waiting until when, or who decided and their note. */
function ApprovalNotice({ order: o }: { order: OrderDetail }) {
  const approval = o.approval;
  if (!approval) return null;
  if (o.status === 'pending_approval') {
    return (
      <p role="note" className="rounded-lg border border-dashed p-3 text-sm">
        Waiting for an owner or admin to approve it; the amount is held meanwhile. Without a decision by{' '}
        {approval.expires_at ? formatTimestamp(approval.expires_at) : 'then'} it is rejected and the hold released.
      </p>
    );
  }
  const decision = o.status === 'rejected' ? 'Rejected' : 'Approved';
  return (
    <div role="note" className="grid gap-1 rounded-lg border p-3 text-sm">
      <p className="font-medium">
        {decision}
        {approval.decided_at && ` ${formatTimestamp(approval.decided_at)}`}
      </p>
      {approval.note && <p className="whitespace-pre-line text-muted-foreground">“{approval.note}”</p>}
    </div>
  );
}

/** When its rewards expire, or what became of them at expiry (decision 081). */
function ExpiryNotice({ order: o }: { order: OrderDetail }) {
  if (!o.expires_at) return null;
  if (!o.expiry) {
    return (
      <p role="note" className="rounded-lg border border-dashed p-3 text-sm">
        Expires {formatTimestamp(o.expires_at)}: rewards not opened by then are voided and refunded.
      </p>
    );
  }
  const n = o.expiry.refunded_count;
  return (
    <div role="note" className="grid gap-1 rounded-lg border p-3 text-sm">
      <p className="font-medium">
        Expired {formatTimestamp(o.expires_at)}: {n === 1 ? '1 reward' : `${n} rewards`} refunded
      </p>
      {o.expiry.note && <p className="text-muted-foreground">{o.expiry.note}</p>}
    </div>
  );
}

/** For an order a risk rule held (decision 083): waiting in Review, or blocked there. */
function RiskNotice({ order: o }: { order: OrderDetail }) {
  if (o.status !== 'pending_review' && o.status !== 'blocked') return null;
  return (
    <p role="note" className="rounded-lg border border-dashed p-3 text-sm">
      {o.status === 'pending_review'
        ? 'A risk rule held this order for review: nothing is sent and the amount stays held until an owner or admin releases or blocks it.'
        : 'Blocked in review: nothing was sent, and the held amount went back to the balance.'}
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words tabular-nums">{children}</dd>
    </div>
  );
}

function OrderSummarySection({ order: o }: { order: OrderDetail }) {
  const isConverted = o.charged.currency !== o.currency;
  return (
    <Section title="Summary">
      <dl className="divide-y rounded-lg border px-4 text-sm">
        <Row label="Amount">{formatFaceValue(o)}</Row>
        <Row label="Subtotal">{formatMajor(o.subtotal, o.currency)}</Row>
        <Row label="Processing fee">{formatMajor(o.fee, o.currency)}</Row>
        <Row label="Total">{formatMajor(o.total, o.currency)}</Row>
        {isConverted && (
          <Row label={`Charged (${o.charged.currency})`}>
            {formatMajor(o.charged.total, o.charged.currency)}
            <span className="block text-xs font-normal text-muted-foreground">
              at 1 {o.currency} = {o.charged.rate} {o.charged.currency}
            </span>
          </Row>
        )}
        {o.choice && <ChoiceRow choice={o.choice} brand={o.brand} />}
        <Row label="Recipient">
          {o.recipient_name && <span className="block">{o.recipient_name}</span>}
          {o.recipient_email && (
            <span className={o.recipient_name ? 'text-muted-foreground' : undefined}>{o.recipient_email}</span>
          )}
        </Row>
        {o.recipient_phone ? (
          <>
            {/* Decision 088: an order without an address goes by text only. */}
            <Row label="Delivery">{o.recipient_email ? 'Email and text' : 'Text only'}</Row>
            <Row label="Mobile">
              <span className="block">{o.recipient_phone}</span>
              <span className="block text-xs font-normal text-muted-foreground">
                {o.sms ? SMS_STATUS_LABELS[o.sms.status] : 'Text not sent yet'}
                {o.sms?.error_code ? ` (error ${o.sms.error_code})` : ''}
                {o.sms?.provider === 'mailbox' ? ', built-in mailbox' : ''}
              </span>
            </Row>
          </>
        ) : (
          <Row label="Delivery">Email</Row>
        )}
        <Row label="Placed">{formatTimestamp(o.created_at)}</Row>
        {o.status === 'completed' && o.failed_count > 0 && (
          <>
            <Row label="Delivered">
              {o.issued_count} of {o.quantity} rewards
            </Row>
            <Row label="Refunded">
              {formatMajor(o.charged.released, o.charged.currency)}
              <span className="block text-xs font-normal text-muted-foreground">
                for the {o.failed_count} the provider could not issue
              </span>
            </Row>
          </>
        )}
        {o.voided_count > 0 && (
          <Row label="Voided">
            {o.voided_count} of {o.issued_count} rewards
            <span className="block text-xs font-normal text-muted-foreground">
              {formatMajor(o.charged.released, o.charged.currency)} back on the balance
            </span>
          </Row>
        )}
        {o.completed_at && <Row label="Delivered">{formatTimestamp(o.completed_at)}</Row>}
        {o.failed_at && <Row label="Failed">{formatTimestamp(o.failed_at)}</Row>}
        {o.failure_reason && <Row label="Reason">{o.failure_reason}</Row>}
      </dl>
      {o.message && (
        <figure className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          <figcaption className="mb-1 text-xs font-medium text-muted-foreground">Message</figcaption>
          <blockquote className="whitespace-pre-line">{o.message}</blockquote>
        </figure>
      )}
    </Section>
  );
}

/** A choice reward (decision 080): what the recipient may choose from, and what they chose. */
function ChoiceRow({ choice, brand }: { choice: NonNullable<OrderDetail['choice']>; brand: string }) {
  const cards = `${choice.product_codes.length} card${choice.product_codes.length === 1 ? '' : 's'}`;
  const from = choice.choice_set_name ? `${choice.choice_set_name} (${cards})` : cards;
  return (
    <Row label={CHOICE_PRODUCT_NAME}>
      {choice.chosen_product_code ? `Chose ${brand}` : 'Not chosen yet'}
      <span className="block text-xs font-normal text-muted-foreground">
        {choice.chosen_at ? `${formatTimestamp(choice.chosen_at)} · from ${from}` : `From ${from}`}
      </span>
    </Row>
  );
}

const REWARD_BADGES = {
  issued: { variant: 'default', label: 'Issued' },
  pending: { variant: 'secondary', label: 'Pending' },
  failed: { variant: 'destructive', label: 'Failed' },
  review: { variant: 'warning', label: 'Being checked' },
  voided: { variant: 'secondary', label: 'Voided' },
  awaiting_choice: { variant: 'secondary', label: 'Awaiting choice' },
} as const;

const CLAIM_NOT_OPENED = {
  issued: 'Not opened yet',
  pending: 'Claim link works once the card is issued',
  failed: 'Never issued: its share was refunded',
  review: 'The provider could not say whether it issued this card; its amount stays held until GiftRelay checks',
  voided: 'Voided: its share was refunded',
  awaiting_choice: 'The recipient has not chosen a card yet; its amount stays held until they do',
} as const;

const VOID_LINES = {
  requested: (at: string) => `Voided ${formatTimestamp(at)} · waiting for the provider to cancel the card`,
  refunded: (at: string) => `Voided ${formatTimestamp(at)} · cancelled and refunded`,
  not_cancelled: (at: string, providerNote: string | null) =>
    `Voided ${formatTimestamp(at)} · not refunded: ${providerNote ?? 'the provider would not cancel the card'}`,
} as const;

/** The void's line, with the reason given for it (decision 076). */
function voidLine(v: NonNullable<OrderDetail['rewards'][number]['void']>): string {
  const line = VOID_LINES[v.state](v.voided_at, v.provider_note);
  return v.note ? `${line} · “${v.note}”` : line;
}

function RewardsSection({ order }: { order: OrderDetail }) {
  const rewards = order.rewards;
  return (
    <Section title={rewards.length === 1 ? 'Reward' : `Rewards (${rewards.length})`}>
      <ul className="grid gap-2">
        {rewards.map((reward, i) => {
          const badge = REWARD_BADGES[reward.status];
          const { first_opened_at: openedAt, open_count: opens } = reward.claim;
          return (
            <li key={reward.id} className="grid gap-1 rounded-lg border px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">
                  {rewards.length > 1 && <span className="text-muted-foreground">#{i + 1} </span>}
                  {reward.code_masked ? (
                    <>
                      <span className="text-muted-foreground">Code </span>
                      <span className="font-mono">{reward.code_masked}</span>
                    </>
                  ) : (
                    'No code yet'
                  )}
                </span>
                {reward.void ? (
                  <Badge variant="outline">Voided</Badge>
                ) : (
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                )}
              </div>
              <p className="text-muted-foreground">
                {reward.void
                  ? voidLine(reward.void)
                  : openedAt
                    ? `Opened first ${formatTimestamp(openedAt)} · opened ${opens} time${opens === 1 ? '' : 's'}`
                    : CLAIM_NOT_OPENED[reward.status]}
              </p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function HistorySection({ order }: { order: OrderDetail }) {
  return (
    <Section title="History">
      <ol className="grid gap-3 border-l pl-4">
        {historyInOrder(order.history).map((event) => {
          const { title, detail } = describeEvent(event);
          return (
            // Two lines of one moment may share a type (each failed reward's): the reward tells them apart.
            <li key={`${event.at}-${event.type}-${String(event.detail.position ?? '')}`} className="relative text-sm">
              <span aria-hidden className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary" />
              <p className="font-medium">{title}</p>
              {detail && <p className="break-words text-muted-foreground">{detail}</p>}
              <time dateTime={event.at} className="text-xs text-muted-foreground">
                {formatTimestamp(event.at)}
              </time>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
