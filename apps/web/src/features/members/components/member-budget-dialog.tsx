import type { Member } from '@giftrelay/contracts';
import { formatMoney, parseAmount, toMajor } from '@giftrelay/money';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSetMemberBudget } from '../api/set-member-budget';

/**
 * A member's monthly budget (decision 084), in the organisation's billing currency: what they may
 * send themselves per UTC month, fee included. Empty clears it. Orders past it are refused.
 */
export function MemberBudgetDialog({ member, currency }: { member: Member; currency: string }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const save = useSetMemberBudget();
  const budget = member.budget;
  const shown = budget?.currency ?? currency;
  const id = `budget-${member.user_id}`;

  const onOpenChange = (next: boolean) => {
    if (next) setAmount(budget ? String(toMajor(budget.monthly_minor, budget.currency)) : '');
    setError(undefined);
    setOpen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = amount.trim();
    const minor = text ? parseAmount(text, shown, { exact: true }) : null;
    if (minor === undefined) {
      setError(`Enter an amount in ${shown}, or leave it empty for no budget`);
      return;
    }
    setError(undefined);
    save.mutate(
      { userId: member.user_id, monthlyMinor: minor },
      {
        onSuccess: (saved) => {
          toast.success(saved ? 'Budget saved' : 'Budget cleared', {
            description: saved
              ? `${member.email} may send ${formatMoney(saved.monthly_minor, saved.currency)} a month.`
              : `${member.email} has no monthly budget.`,
          });
          setOpen(false);
        },
        onError: (err) =>
          toast.error('Could not save the budget', {
            description: err instanceof Error && err.message ? err.message : 'Please try again.',
          }),
      },
    );
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      size="md"
      title={`Monthly budget for ${member.email}`}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Budget for ${member.email}`}>
          Budget
        </Button>
      }
    >
      <DialogDescription className="text-sm text-muted-foreground">
        What they may send themselves each month (UTC), fee included. Orders and batches past it are refused; voided and
        expired rewards give their value back. Leave it empty for no budget.
      </DialogDescription>
      {budget && (
        <p className="text-sm">
          {formatMoney(budget.spent_minor, budget.currency)} spent this month,{' '}
          {formatMoney(budget.left_minor, budget.currency)} left.
        </p>
      )}
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <FormField id={id} label={`Monthly budget (${shown})`} error={error}>
          <Input
            {...fieldProps(id, error)}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </FormField>
        <DialogActions>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : amount.trim() ? 'Save budget' : 'Clear budget'}
          </Button>
        </DialogActions>
      </form>
    </DialogShell>
  );
}
