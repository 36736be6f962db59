import type { Operator } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListSkeleton, ListStates } from '@/components/ui/list-states';
import { formatTimestamp } from '@/lib/format';
import { useGrantOperator, useOperators, useRevokeOperator } from '../api/operators';

/**
 * Operator area → Operators, for GiftRelay's own staff only (decision 041): who runs the marketing
 * studio and approves going live; grant it to a verified account, or take it back.
 */
export function OperatorsSection() {
  const operators = useOperators();
  return (
    <section aria-labelledby="operators-heading" className="grid gap-6">
      <div className="max-w-prose">
        <h2 id="operators-heading" className="text-lg font-semibold">
          Platform operators
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          GiftRelay’s own staff: they run the marketing studio and approve organisations going live. This is not a role
          in any customer’s organisation.
        </p>
      </div>
      <GrantForm />
      <ListStates
        query={operators}
        loading={<ListSkeleton label="Loading operators" rowClassName="h-24 rounded-lg" />}
        errorTitle="We could not load the operators."
      >
        {(data) => (
          <ul aria-label="Operators" className="grid gap-2">
            {data.map((o) => (
              <OperatorRow key={o.user_id} operator={o} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function OperatorRow({ operator: o }: { operator: Operator }) {
  const revoke = useRevokeOperator();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-words">{o.name ?? o.email}</p>
        <p className="text-muted-foreground break-words">
          {o.name ? `${o.email} · ` : ''}
          {o.source === 'config'
            ? 'Named by OPERATOR_EMAILS'
            : o.granted_at
              ? `Since ${formatTimestamp(o.granted_at)}${o.granted_by_email ? `, granted by ${o.granted_by_email}` : ', the first account'}`
              : 'Granted'}
        </p>
      </div>
      {o.source === 'config' ? (
        <Badge variant="secondary">Configured</Badge>
      ) : (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" disabled={revoke.isPending} aria-label={`Remove ${o.email}`}>
              Remove
            </Button>
          }
          title={`Remove ${o.email} as an operator?`}
          description="They keep their account and their organisations, but lose the marketing studio and the operator area at once."
          confirmLabel="Remove operator"
          onConfirm={() =>
            revoke.mutate(o.user_id, {
              onSuccess: () =>
                toast.success('Operator removed', { description: `${o.email} is no longer an operator.` }),
              onError: (err) => toast.error('Could not remove the operator', { description: err.message }),
            })
          }
        />
      )}
    </li>
  );
}

function GrantForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const grant = useGrantOperator();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (grant.isPending) return;
    const to = email.trim();
    if (!to) {
      setError('Enter the email address of a verified account');
      return;
    }
    setError(undefined);
    try {
      await grant.mutateAsync({ email: to });
      toast.success('Operator added', { description: `${to} is now a platform operator.` });
      setEmail('');
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Please try again.');
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add an operator" className="grid max-w-md gap-3">
      <FormField id={`${id}-email`} label="Add an operator by email" error={error}>
        <Input
          {...fieldProps(`${id}-email`, error)}
          type="email"
          autoComplete="off"
          value={email}
          maxLength={255}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <div>
        <Button type="submit" aria-disabled={grant.isPending} className="aria-disabled:opacity-60">
          {grant.isPending ? 'Adding…' : 'Add operator'}
        </Button>
      </div>
    </form>
  );
}
