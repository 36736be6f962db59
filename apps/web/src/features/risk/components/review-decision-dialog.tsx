import { DECISION_NOTE_MAX, type RiskReview, recipientOf } from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { NoteDialog } from '@/components/ui/note-dialog';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { type ReviewScope, type RiskDecision, useDecideRiskReview } from '../api/risk-reviews';

const WORDS = {
  release: {
    trigger: 'Release',
    title: 'Release this reward?',
    submit: 'Release reward',
    busy: 'Releasing...',
  },
  block: {
    trigger: 'Block',
    title: 'Block this reward?',
    submit: 'Block reward',
    busy: 'Blocking...',
  },
} as const;

/**
 * Release or block one held reward, after asking (decision 083). One Idempotency-Key per decision,
 * kept while no final answer came (a dropped connection), so asking again finishes that decision
 * rather than making another.
 */
export function ReviewDecisionDialog({
  review: r,
  scope,
  decision,
}: {
  review: RiskReview;
  scope: ReviewScope;
  decision: RiskDecision;
}) {
  const words = WORDS[decision];
  const decide = useDecideRiskReview(scope);
  const key = useRef<string | null>(null);
  const face = formatMoney(r.amount_minor, r.currency);
  const held = formatMoney(r.held_minor, r.charge_currency);

  const submit = async (note: string) => {
    key.current ??= newIdempotencyKey();
    let decided: RiskReview;
    try {
      decided = await decide.mutateAsync({ id: r.id, decision, note, idempotencyKey: key.current });
    } catch (err) {
      // Decided meanwhile by someone else (409), or gone: final; no answer: the key stays.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) key.current = null;
      throw new Error(err instanceof ApiError && err.message ? err.message : 'Please try again.');
    }
    key.current = null;
    if (decision === 'release') {
      toast.success('Reward released', {
        description:
          r.stage === 'claim'
            ? `${recipientOf(r)} can see the code on the claim page now.`
            : `${face} ${r.product_name} is on its way to ${recipientOf(r)}.`,
      });
    } else {
      toast.success('Reward blocked', { description: blockedWords(decided, held) });
    }
  };

  const description =
    decision === 'release'
      ? r.stage === 'claim'
        ? `${face} ${r.product_name} to ${recipientOf(r)}: its claim page shows the code at once.`
        : `${face} ${r.product_name} to ${recipientOf(r)} is issued and sent at once, and the held ${held} charged.`
      : r.stage === 'claim'
        ? `${face} ${r.product_name} to ${recipientOf(r)}: its code stays hidden, its card is cancelled and ${held} goes back to the balance (unless the recipient saw the code before it was held, or the card cannot be cancelled). The recipient only sees that the reward is no longer available.`
        : `${face} ${r.product_name} to ${recipientOf(r)} is not sent, and ${held} goes back to the balance. The recipient only sees that the reward is no longer available.`;

  return (
    <NoteDialog
      title={words.title}
      trigger={
        <Button
          size="sm"
          variant={decision === 'release' ? 'default' : 'outline'}
          aria-label={`${words.trigger} the reward of ${face} to ${recipientOf(r)}`}
        >
          {words.trigger}
        </Button>
      }
      description={description}
      noteLabel="Note for the audit log (optional)"
      noteMax={DECISION_NOTE_MAX}
      submitLabel={words.submit}
      busyLabel={words.busy}
      isDestructive={decision === 'block'}
      isBusy={decide.isPending}
      onSubmit={submit}
    />
  );
}

/** What a block gave back, as its answer says (decision 090: at the claim, the card's refund). */
export function blockedWords(review: RiskReview, held: string): string {
  const refund = review.refund;
  if (!refund) return `${held} is back on the balance.`;
  if (refund.state === 'refunded')
    return `The card was cancelled: ${formatMoney(refund.refunded_minor, review.charge_currency)} is back on the balance.`;
  return refund.note ?? 'Nothing was refunded.';
}
