import { type OrderDetail, VOID_NOTE_MAX } from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import { Ban } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useVoidOrder } from '../api/void-order';

/**
 * The order's rewards that a void would cancel: issued and never opened, or a choice nobody has
 * made yet (no card exists: its whole hold goes back, decision 089); not voided already.
 */
export const voidableRewards = (order: OrderDetail) =>
  order.rewards.filter(
    (r) => !r.void && ((r.status === 'issued' && !r.claim.first_opened_at) || r.status === 'awaiting_choice'),
  );

/** Whether the order has a void to offer: delivered with unopened rewards, or waiting for the recipient's pick. */
export const canBeVoided = (order: OrderDetail) =>
  (order.status === 'completed' || order.status === 'pending') && voidableRewards(order).length > 0;

/**
 * Voids the order's unopened rewards after asking (decision 039): their claim links stop showing
 * the code at once, and what the provider cancels comes back to the balance. One Idempotency-Key
 * per confirmation, kept when no final answer came (a dropped connection, a provider that did not
 * answer), so sending again finishes that void rather than starting another.
 */
export function VoidRewardsDialog({ order }: { order: OrderDetail }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const key = useRef<string | null>(null);
  const voiding = useVoidOrder(order.order_id);
  const count = voidableRewards(order).length;
  const unchosen = order.status === 'pending';
  const what = count === 1 ? 'the unopened reward' : `the ${count} unopened rewards`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (voiding.isPending) return;
    setError(undefined);
    key.current ??= newIdempotencyKey();
    try {
      const answer = await voiding.mutateAsync({
        body: note.trim() ? { note: note.trim() } : {},
        idempotencyKey: key.current,
      });
      key.current = null;
      const refused = answer.rewards.filter((r) => r.state === 'not_cancelled').length;
      const back = formatMoney(answer.refunded_minor, answer.currency);
      toast.success('Rewards voided', {
        description:
          refused === 0
            ? `${back} is back on your balance.`
            : `${back} is back on your balance. ${refused} card${refused === 1 ? '' : 's'} could not be cancelled by the provider and ${refused === 1 ? 'was' : 'were'} not refunded.`,
      });
      setNote('');
      setOpen(false);
    } catch (err) {
      // A final refusal ends this key; no answer, or a provider that did not answer, keeps it.
      const isFinal = err instanceof ApiError && err.status >= 400 && err.status < 500;
      if (isFinal) key.current = null;
      setError(
        err instanceof Error && err.message ? err.message : 'The rewards could not be voided. Please try again.',
      );
    }
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(undefined);
      }}
      title="Void unopened rewards?"
      trigger={
        <Button variant="outline" size="sm" className="justify-self-start">
          <Ban aria-hidden className="size-4" />
          Void unopened rewards
        </Button>
      }
    >
      <DialogDescription className="text-sm text-muted-foreground">
        {unchosen
          ? 'The recipient has not chosen a card yet: the claim link stops offering the choice at once, and the whole amount held, fee included, goes back to your balance. This cannot be undone.'
          : `The claim links of ${what} stop showing the code at once. Each card the provider cancels is refunded to your balance, fee included; a card it will not cancel is not. This cannot be undone.`}
      </DialogDescription>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate aria-label="Void unopened rewards">
        <FormField id={`${id}-note`} label="Reason (optional, kept in the order’s history)">
          <textarea
            {...fieldProps(`${id}-note`)}
            rows={3}
            maxLength={VOID_NOTE_MAX}
            className="w-full rounded-md border bg-background px-3 py-2 text-sm"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </FormField>
        {error && (
          <p role="alert" className="rounded-md border border-destructive/50 px-3 py-2 text-sm text-destructive">
            {error}
          </p>
        )}
        <DialogActions>
          <Button type="submit" variant="destructive" disabled={voiding.isPending}>
            {voiding.isPending ? 'Voiding…' : count === 1 ? 'Void reward' : `Void ${count} rewards`}
          </Button>
        </DialogActions>
      </form>
    </DialogShell>
  );
}
