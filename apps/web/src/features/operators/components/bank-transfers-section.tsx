import { RecordBankTransferBodySchema } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListSkeleton, ListStates } from '@/components/ui/list-states';
import { fieldErrors } from '@/lib/field-errors';
import { formatMajor, formatTimestamp } from '@/lib/format';
import { useBankTransfers, useRecordBankTransfer } from '../api/live-requests';

type Field = 'organisation_reference' | 'amount' | 'received_on' | 'bank_reference' | 'note';
const FIELDS: Field[] = ['organisation_reference', 'amount', 'received_on', 'bank_reference', 'note'];
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Operator area → Bank transfers (decision 045): a transfer on GiftRelay's bank statement
 * is matched to the live organisation by the reference it quoted, and credited once.
 */
export function BankTransfersSection() {
  const transfers = useBankTransfers();
  return (
    <section aria-labelledby="bank-transfers-heading" className="grid gap-4">
      <div className="max-w-prose">
        <h2 id="bank-transfers-heading" className="text-lg font-semibold">
          Bank transfers received
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Record a transfer from the bank statement: the organisation is the live one quoting the reference, and its
          balance is credited once per bank reference.
        </p>
      </div>
      <RecordForm />
      <ListStates
        query={transfers}
        loading={<ListSkeleton label="Loading bank transfers" rowClassName="h-16 rounded-lg" />}
        errorTitle="We could not load the bank transfers."
        isEmpty={(data) => data.length === 0}
        empty={<p className="text-sm text-muted-foreground">No transfer has been recorded yet.</p>}
      >
        {(data) => (
          <ul aria-label="Bank transfers recorded" className="grid gap-2">
            {data.map((b) => (
              <li
                key={b.id}
                className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border px-4 py-3 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {b.organisation_name}{' '}
                    <span className="font-normal text-muted-foreground">({b.organisation_reference})</span>
                  </p>
                  <p className="text-muted-foreground break-words">
                    Received {b.received_on} · bank reference {b.bank_reference} · recorded{' '}
                    {formatTimestamp(b.created_at)}
                    {b.recorded_by_email ? ` by ${b.recorded_by_email}` : ''}
                  </p>
                </div>
                <span className="font-semibold tabular-nums">{formatMajor(b.amount, b.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function RecordForm() {
  const id = useId();
  const f = (name: Field) => `${id}-${name}`;
  const empty = { organisation_reference: '', amount: '', received_on: today(), bank_reference: '', note: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const record = useRecordBankTransfer();
  const set = (name: Field, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (record.isPending) return;
    const body = { ...values, note: values.note.trim() || undefined };
    const parsed = RecordBankTransferBodySchema.safeParse(body);
    if (!parsed.success) {
      const { errors: found, first } = fieldErrors(parsed.error.issues, FIELDS);
      setErrors(found);
      if (first) document.getElementById(f(first))?.focus();
      return;
    }
    record.mutate(body, {
      onSuccess: (t) => {
        toast.success('Transfer recorded', {
          description: `${formatMajor(t.amount, t.currency)} added to ${t.organisation_name}’s balance.`,
        });
        setValues({ ...empty, received_on: values.received_on });
      },
      onError: (err) => toast.error('Could not record the transfer', { description: err.message }),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Record a bank transfer" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={f('organisation_reference')}
          label="Organisation’s reference"
          error={errors.organisation_reference}
        >
          <Input
            {...fieldProps(f('organisation_reference'), errors.organisation_reference)}
            autoComplete="off"
            placeholder="GR-7K2M9QXW4B"
            value={values.organisation_reference}
            onChange={(e) => set('organisation_reference', e.target.value)}
          />
        </FormField>
        <FormField id={f('amount')} label="Amount received" error={errors.amount}>
          <Input
            {...fieldProps(f('amount'), errors.amount)}
            inputMode="decimal"
            autoComplete="off"
            placeholder="5000.00"
            value={values.amount}
            onChange={(e) => set('amount', e.target.value)}
          />
        </FormField>
        <FormField id={f('received_on')} label="Received on" error={errors.received_on}>
          <Input
            {...fieldProps(f('received_on'), errors.received_on)}
            type="date"
            value={values.received_on}
            onChange={(e) => set('received_on', e.target.value)}
          />
        </FormField>
        <FormField id={f('bank_reference')} label="Bank’s transaction reference" error={errors.bank_reference}>
          <Input
            {...fieldProps(f('bank_reference'), errors.bank_reference)}
            autoComplete="off"
            maxLength={100}
            value={values.bank_reference}
            onChange={(e) => set('bank_reference', e.target.value)}
          />
        </FormField>
      </div>
      <FormField id={f('note')} label="Note (optional)" error={errors.note}>
        <Input
          {...fieldProps(f('note'), errors.note)}
          autoComplete="off"
          maxLength={500}
          value={values.note}
          onChange={(e) => set('note', e.target.value)}
        />
      </FormField>
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" aria-disabled={record.isPending}>
        {record.isPending ? 'Recording…' : 'Record transfer'}
      </Button>
    </form>
  );
}
