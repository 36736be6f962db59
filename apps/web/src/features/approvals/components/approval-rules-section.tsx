import { APPROVAL_AMOUNT_MAX_MINOR, type ApprovalRules } from '@giftrelay/contracts';
import { parseAmount, toDecimalString } from '@giftrelay/money';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListSkeleton, ListStates } from '@/components/ui/list-states';
import { ApiError } from '@/lib/api-client';
import { useCan } from '@/lib/auth/use-can';
import { useApprovalRules, useUpdateApprovalRules } from '../api/approval-rules';

/** Settings → Approvals: which senders' orders wait for an owner or admin (decision 035). */
export function ApprovalRulesSection() {
  const rules = useApprovalRules();
  return (
    <section aria-labelledby="approvals-heading" className="grid gap-4">
      <div className="max-w-prose">
        <h2 id="approvals-heading" className="text-lg font-semibold">
          Approvals
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Orders by senders that a rule catches wait in the <Link to="/approvals">approval queue</Link> with their total
          held, until an owner or admin approves or rejects them. Without a decision in 7 days they are rejected and the
          hold released. Owners’ and admins’ own orders never wait.
        </p>
      </div>
      <ListStates
        query={rules}
        loading={<ListSkeleton label="Loading the approval rules" rows={3} className="grid gap-3" />}
        errorTitle="We could not load the approval rules."
      >
        {(data) => <RulesForm key={JSON.stringify(data)} rules={data} />}
      </ListStates>
    </section>
  );
}

const dollars = (minor: number | null) => (minor === null ? '' : toDecimalString(minor, 'USD'));

/** "" is no rule; otherwise an amount in USD, or the reason it is not one. */
function readAmount(text: string): { minor: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { minor: null };
  const minor = parseAmount(trimmed, 'USD');
  if (minor === undefined || minor > APPROVAL_AMOUNT_MAX_MINOR) return { error: 'An amount in USD, such as 250' };
  return { minor };
}

function RulesForm({ rules }: { rules: ApprovalRules }) {
  const id = useId();
  const canEdit = useCan('updateApprovalRules');
  const update = useUpdateApprovalRules();
  const [above, setAbove] = useState(dollars(rules.above_usd_minor));
  const [every, setEvery] = useState(rules.every_sender_order);
  const [cap, setCap] = useState(dollars(rules.monthly_cap_usd_minor));
  const [errors, setErrors] = useState<{ above?: string; cap?: string; form?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const a = readAmount(above);
    const c = readAmount(cap);
    setErrors({ above: 'error' in a ? a.error : undefined, cap: 'error' in c ? c.error : undefined });
    if ('error' in a || 'error' in c) return;
    try {
      // Awaited: the saved rules remount this form (its key), and mutate's callbacks would be dropped.
      await update.mutateAsync({
        above_usd_minor: a.minor,
        every_sender_order: every,
        monthly_cap_usd_minor: c.minor,
      });
    } catch (err) {
      setErrors({ form: err instanceof ApiError && err.message ? err.message : 'Please try again.' });
      return;
    }
    toast.success('Approval rules saved', { description: 'They apply to orders placed from now on.' });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid max-w-xl gap-5" aria-label="Approval rules">
      {!canEdit && (
        <p role="note" className="rounded-lg border bg-muted p-3 text-sm">
          Only owners and admins can change the approval rules.
        </p>
      )}
      <fieldset disabled={!canEdit} className="grid gap-5">
        <FormField id={`${id}-above`} label="Orders above (USD)" error={errors.above}>
          <Input
            {...fieldProps(`${id}-above`, errors.above)}
            inputMode="decimal"
            placeholder="No limit"
            value={above}
            onChange={(e) => setAbove(e.target.value)}
            aria-describedby={`${id}-above-hint`}
          />
        </FormField>
        <p id={`${id}-above-hint`} className="-mt-3 text-xs text-muted-foreground">
          A sender’s order whose total (fees included, converted to USD) is above this waits. Empty: no such rule.
        </p>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={every}
            onChange={(e) => setEvery(e.target.checked)}
            className="mt-0.5 size-4 accent-primary"
          />
          <span>
            <span className="font-medium">Every order by a sender</span>
            <span className="block text-muted-foreground">Whatever its amount, each waits for approval.</span>
          </span>
        </label>
        <FormField id={`${id}-cap`} label="Monthly cap per sender (USD)" error={errors.cap}>
          <Input
            {...fieldProps(`${id}-cap`, errors.cap)}
            inputMode="decimal"
            placeholder="No cap"
            value={cap}
            onChange={(e) => setCap(e.target.value)}
            aria-describedby={`${id}-cap-hint`}
          />
        </FormField>
        <p id={`${id}-cap-hint`} className="-mt-3 text-xs text-muted-foreground">
          An order that takes a sender’s orders this calendar month (UTC) above this waits. Failed and rejected orders
          do not count.
        </p>
      </fieldset>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      {canEdit && (
        <Button type="submit" className="justify-self-start" aria-disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save approval rules'}
        </Button>
      )}
    </form>
  );
}
