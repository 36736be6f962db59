import type { RewardReview } from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { ListSkeleton, ListStates } from '@/components/ui/list-states';
import { formatTimestamp } from '@/lib/format';
import { useResolveRewardReview, useRewardReviews } from '../api/reward-reviews';

/**
 * Operator area → Reward review (decision 058): a card the provider may have issued
 * (it took the order and could not say), its share of the charge held. An operator checks the
 * provider's dashboard and decides: issued (the card is fetched, delivered and charged) or not
 * issued (its share goes back to the balance). Nothing is refunded without this decision.
 */
export function RewardReviewsSection() {
  const reviews = useRewardReviews();
  return (
    <section aria-labelledby="reward-reviews-heading" className="grid gap-4">
      <div className="max-w-prose">
        <h2 id="reward-reviews-heading" className="text-lg font-semibold">
          Rewards in review
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          The provider took these orders and could not tell us whether it issued the card. Their money stays held until
          you check the provider’s records and decide.
        </p>
      </div>
      <ListStates
        query={reviews}
        loading={<ListSkeleton label="Loading rewards in review" rowClassName="h-24 rounded-lg" />}
        errorTitle="We could not load the rewards in review."
        isEmpty={(data) => data.length === 0}
        empty={
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No reward is waiting for a decision.
          </p>
        }
      >
        {(data) => (
          <ul aria-label="Rewards in review" className="grid gap-3">
            {data.map((r) => (
              <ReviewItem key={r.reward_id} review={r} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function ReviewItem({ review: r }: { review: RewardReview }) {
  const id = useId();
  const [note, setNote] = useState('');
  const resolve = useResolveRewardReview();
  const face = formatMoney(r.amount_minor, r.currency);
  const held = formatMoney(r.held_minor, r.charge_currency);
  const decide = (decision: 'issued' | 'not_issued') =>
    resolve.mutate(
      { rewardId: r.reward_id, decision, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () =>
          decision === 'issued'
            ? toast.success('Reward delivered', { description: `${held} charged to ${r.organisation_name}.` })
            : toast.success('Reward refunded', { description: `${held} is back on ${r.organisation_name}’s balance.` }),
        onError: (err) => toast.error('Could not record the decision', { description: err.message }),
      },
    );
  return (
    <li
      className="grid gap-3 rounded-lg border p-4 text-sm"
      aria-label={`${r.brand} ${face} for ${r.organisation_name}`}
    >
      <div className="min-w-0">
        <p className="font-medium break-words">
          {r.brand} · {face}
        </p>
        <p className="text-muted-foreground break-words">{r.organisation_name}</p>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-muted-foreground sm:grid-cols-[auto_1fr]">
        <dt>Held</dt>
        <dd className="text-foreground tabular-nums">{held}</dd>
        <dt>Order</dt>
        <dd className="text-foreground break-all font-mono text-xs">
          {r.order_id} (reward {r.position})
        </dd>
        <dt>Product</dt>
        <dd className="text-foreground break-all">{r.product_code}</dd>
        <dt>In review since</dt>
        <dd className="text-foreground">{formatTimestamp(r.since)}</dd>
        {r.reason && (
          <>
            <dt>Why</dt>
            <dd className="text-foreground break-words">{r.reason}</dd>
          </>
        )}
      </dl>
      <FormField id={`${id}-note`} label="Note for the audit log (optional)">
        <textarea
          {...fieldProps(`${id}-note`, undefined)}
          rows={2}
          maxLength={1000}
          className="w-full rounded-md border bg-background px-3 py-2 text-sm"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <ConfirmDialog
          trigger={
            <Button size="sm" disabled={resolve.isPending}>
              The provider issued it
            </Button>
          }
          title="Deliver this reward?"
          description={`The card is fetched from the provider and emailed to its recipient; ${held} is charged to ${r.organisation_name}.`}
          confirmLabel="Deliver and charge"
          onConfirm={() => decide('issued')}
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" disabled={resolve.isPending}>
              No card was issued
            </Button>
          }
          title="Refund this reward?"
          description={`${held} goes back to ${r.organisation_name}’s balance and the reward is marked failed. Choose this only when the provider has no such card.`}
          confirmLabel="Refund"
          onConfirm={() => decide('not_issued')}
        />
      </div>
    </li>
  );
}
