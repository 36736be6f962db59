import { findCountry, type RiskMatch, type RiskReview, recipientOf } from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { statusLabel } from '@/components/orders/order-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListSkeleton, ListStates } from '@/components/ui/list-states';
import { SandboxBadge } from '@/components/ui/sandbox-badge';
import { formatMajor, formatTimestamp } from '@/lib/format';
import { type ReviewScope, useRiskReview } from '../api/risk-reviews';
import { RULE_KIND_LABELS } from '../utils/rule-form';
import { blockedWords, ReviewDecisionDialog } from './review-decision-dialog';

const PLATFORM_KIND_LABELS: Record<string, string> = {
  recipient_email: 'Recipient address',
  recipient_domain: 'Recipient domain',
};
const SCOPE_LABELS: Record<RiskMatch['scope'], string> = {
  organisation: 'Your rule',
  platform: 'Platform rule',
  sandbox: 'Sandbox trigger',
};
const STATUS_LABELS: Record<RiskReview['status'], string> = {
  pending: 'Waiting',
  released: 'Released',
  blocked: 'Blocked',
  closed: 'Closed',
};

const kindLabel = (match: RiskMatch) =>
  (match.scope === 'platform' ? PLATFORM_KIND_LABELS[match.kind] : undefined) ??
  RULE_KIND_LABELS[match.kind as keyof typeof RULE_KIND_LABELS] ??
  match.kind;

/** "France (FR)", or the code as it came when the catalogue does not know it, or "unknown". */
export const countryName = (code: string | null) => {
  if (!code) return 'unknown';
  const country = findCountry(code.toUpperCase());
  return country ? `${country.name} (${country.code})` : code;
};

/** One held reward: what, to whom, why, and (while it waits) Release and Block. */
export function ReviewItem({ review: r, scope }: { review: RiskReview; scope: ReviewScope }) {
  const face = formatMoney(r.amount_minor, r.currency);
  // A platform rule's hold of a live reward is the operators' to decide (decision 083); the
  // organisation sees it waiting.
  const isOperators = scope === 'organisation' && r.scope === 'platform' && !r.sandbox;
  return (
    <li
      aria-label={`${face} ${r.product_name} to ${recipientOf(r)}`}
      className="grid gap-3 rounded-xl border p-4 text-sm"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium break-words">
            {face} {r.product_name}
            {r.sandbox && <SandboxBadge />}
            {r.status !== 'pending' && (
              <Badge variant={r.status === 'blocked' ? 'destructive' : 'secondary'}>{STATUS_LABELS[r.status]}</Badge>
            )}
          </p>
          <p className="break-words text-muted-foreground">
            To {recipientOf(r)}
            {scope === 'platform' && <> · organisation {r.organisation_id.slice(0, 8)}</>}
          </p>
          <p className="text-muted-foreground">
            <span className="font-medium text-foreground tabular-nums">
              {formatMoney(r.held_minor, r.charge_currency)}
            </span>{' '}
            held · {r.stage === 'claim' ? 'held when its claim page opened' : 'held when it was sent'}{' '}
            {formatTimestamp(r.created_at)}
          </p>
        </div>
        {r.status === 'pending' &&
          (isOperators ? (
            <p className="max-w-56 text-xs text-muted-foreground">A platform rule held it: GiftRelay decides.</p>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <ReviewDecisionDialog review={r} scope={scope} decision="release" />
              <ReviewDecisionDialog review={r} scope={scope} decision="block" />
            </div>
          ))}
      </div>
      <section aria-label="Why it was held" className="grid gap-1">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Why it was held</h3>
        <ul className="grid gap-1">
          {r.matched.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a review's matches are a fixed list; a sandbox trigger has no id.
            <li key={`${m.rule_id ?? m.kind}-${i}`} className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium">{kindLabel(m)}</span>
              <span className="text-xs text-muted-foreground">
                {SCOPE_LABELS[m.scope]} · {m.action === 'block' ? 'block' : 'hold'}
              </span>
              <span className="basis-full break-words">{m.reason}</span>
            </li>
          ))}
        </ul>
      </section>
      {r.claim && (
        <p data-testid="review-claim" className="rounded-lg bg-muted p-3 break-words">
          Claim page opened from {r.claim.ip ?? 'an unknown address'} in {countryName(r.claim.country)}; the reward is
          for {countryName(r.claim.reward_country)}.
        </p>
      )}
      {r.status !== 'pending' && (
        <p className="text-muted-foreground">
          {STATUS_LABELS[r.status]}
          {r.decided_at && ` ${formatTimestamp(r.decided_at)}`}
          {r.decided_by_email && ` by ${r.decided_by_email}`}
          {r.note && <span className="block whitespace-pre-line text-foreground">“{r.note}”</span>}
        </p>
      )}
      {r.refund && (
        <p data-testid="review-refund" className="text-muted-foreground">
          {blockedWords(r, formatMoney(r.held_minor, r.charge_currency))}
        </p>
      )}
      <RecipientHistory review={r} scope={scope} />
    </li>
  );
}

/** The recipient's history in the organisation, read from the one-review answer when opened. */
function RecipientHistory({ review, scope }: { review: RiskReview; scope: ReviewScope }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const detail = useRiskReview(scope, review.id, open);
  return (
    <div className="grid gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="justify-self-start"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        <ChevronDown aria-hidden className={open ? 'size-4 rotate-180' : 'size-4'} />
        Recipient’s history
      </Button>
      {open && (
        <div id={id}>
          <ListStates
            query={detail}
            loading={<ListSkeleton label="Loading the recipient’s history" rowClassName="h-16 rounded-lg" />}
            errorTitle="We could not load the recipient’s history."
          >
            {({ recipient_history: h }) => (
              <div className="grid gap-2 rounded-lg border p-3" data-testid="recipient-history">
                <p>
                  {h.orders === 0
                    ? 'No earlier order to this address.'
                    : `${h.orders} order${h.orders === 1 ? '' : 's'} (${h.rewards} reward${h.rewards === 1 ? '' : 's'}) to this address${h.first_order_at ? `, the first ${formatTimestamp(h.first_order_at)}` : ''}.`}{' '}
                  Held {h.held_before} time{h.held_before === 1 ? '' : 's'} before, blocked {h.blocked_before}.
                </p>
                {h.recent.length > 0 && (
                  <ul aria-label="Recent orders to this address" className="grid gap-1 text-muted-foreground">
                    {h.recent.map((o) => (
                      <li key={o.order_id} className="flex flex-wrap justify-between gap-x-4">
                        <span>{formatTimestamp(o.created_at)}</span>
                        <span className="tabular-nums">
                          {formatMajor(o.amount, o.currency)} · {statusLabel(o.status)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </ListStates>
        </div>
      )}
    </div>
  );
}
