import type { Budget } from '@giftrelay/contracts';
import { formatMoney, parseAmount, toMajor } from '@giftrelay/money';
import { type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/**
 * A monthly budget (decision 084), in the organisation's billing currency, for a member or an API
 * key (decision 090): per UTC month, fee included. Empty clears it. Where it stands is shown
 * beside the field; a refusal keeps the dialog open with the server's words.
 */
export function BudgetDialog({
  id,
  holder,
  budget,
  currency,
  description,
  save,
  saving,
}: {
  id: string;
  /** Who it is for, as people read it: an email, or an API key's name. */
  holder: string;
  budget: Budget | null;
  currency: string;
  description: ReactNode;
  save: (
    monthlyMinor: number | null,
    done: { onSuccess(saved: Budget | null): void; onError(err: unknown): void },
  ) => void;
  saving: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const shown = budget?.currency ?? currency;
  const field = `budget-${id}`;

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
    save(minor, {
      onSuccess: (saved) => {
        toast.success(saved ? 'Budget saved' : 'Budget cleared', {
          description: saved
            ? `${holder} may send ${formatMoney(saved.monthly_minor, saved.currency)} a month.`
            : `${holder} has no monthly budget.`,
        });
        setOpen(false);
      },
      onError: (err) =>
        toast.error('Could not save the budget', {
          description: err instanceof Error && err.message ? err.message : 'Please try again.',
        }),
    });
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      size="md"
      title={`Monthly budget for ${holder}`}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Budget for ${holder}`}>
          Budget
        </Button>
      }
    >
      <DialogDescription className="text-sm text-muted-foreground">{description}</DialogDescription>
      {budget && (
        <p className="text-sm">
          {formatMoney(budget.spent_minor, budget.currency)} spent this month,{' '}
          {formatMoney(budget.left_minor, budget.currency)} left.
        </p>
      )}
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <FormField id={field} label={`Monthly budget (${shown})`} error={error}>
          <Input
            {...fieldProps(field, error)}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </FormField>
        <DialogActions>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : amount.trim() ? 'Save budget' : 'Clear budget'}
          </Button>
        </DialogActions>
      </form>
    </DialogShell>
  );
}

/** "Budget: $4.37 of $30.00 left this month", the line a member's or key's row shows. */
export function BudgetLine({ budget }: { budget: Budget | null }) {
  if (!budget) return null;
  return (
    <p className="text-xs text-muted-foreground">
      Budget: {formatMoney(budget.left_minor, budget.currency)} of {formatMoney(budget.monthly_minor, budget.currency)}{' '}
      left this month
    </p>
  );
}
