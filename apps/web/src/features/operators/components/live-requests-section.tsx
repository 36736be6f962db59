import { LIVE_VOLUME_LABELS, type OperatorLiveRequest } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { WhatToConfigure } from '@/components/live-setup/what-to-configure';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { ListSkeleton, ListStates } from '@/components/ui/list-states';
import { formatTimestamp } from '@/lib/format';
import { useInstanceInfo } from '@/lib/instance';
import { useDecideLiveRequest, useLiveRequests } from '../api/live-requests';

const STATUS_LABEL: Record<OperatorLiveRequest['status'], string> = {
  pending: 'Waiting',
  approved: 'Approved',
  rejected: 'Refused',
  withdrawn: 'Withdrawn',
};

/**
 * Operator area → Go-live requests (decision 045, issue 35): organisations whose owners asked to
 * send real gift cards, oldest first; an operator approves or refuses with a reason.
 */
export function LiveRequestsSection() {
  const [show, setShow] = useState<'pending' | 'all'>('pending');
  const requests = useLiveRequests(show);
  const instance = useInstanceInfo();
  return (
    <section aria-labelledby="live-requests-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="live-requests-heading" className="text-lg font-semibold">
            Requests to go live
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Approving closes the organisation’s sandbox balance, opens a live one at zero and revokes its sandbox API
            keys.
          </p>
        </div>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Which requests</legend>
          {(['pending', 'all'] as const).map((v) => (
            <Button
              key={v}
              size="sm"
              variant={show === v ? 'default' : 'outline'}
              aria-pressed={show === v}
              onClick={() => setShow(v)}
            >
              {v === 'pending' ? 'Waiting' : 'All'}
            </Button>
          ))}
        </fieldset>
      </div>
      {/* Without a real provider no request can be approved (issue 35): say what would change that. */}
      {instance?.live_available === false && <WhatToConfigure />}
      <ListStates
        query={requests}
        loading={<ListSkeleton label="Loading requests to go live" rowClassName="h-24 rounded-lg" />}
        errorTitle="We could not load the requests to go live."
        isEmpty={(data) => data.length === 0}
        empty={
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {show === 'pending' ? 'No request is waiting.' : 'No organisation has asked to go live yet.'}
          </p>
        }
      >
        {(data) => (
          <ul aria-label="Requests to go live" className="grid gap-3">
            {data.map((r) => (
              <RequestItem key={r.id} request={r} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function RequestItem({ request: r }: { request: OperatorLiveRequest }) {
  const decide = useDecideLiveRequest();
  const [refusing, setRefusing] = useState(false);
  const approve = () =>
    decide.mutate(
      { id: r.id, verb: 'approve' },
      {
        onSuccess: () =>
          toast.success('Organisation is live', {
            description: `${r.organisation_name} can now send real gift cards.`,
          }),
        onError: (err) => toast.error('Could not approve the request', { description: err.message }),
      },
    );
  return (
    <li
      className="grid gap-3 rounded-lg border p-4 text-sm"
      aria-label={`${r.organisation_name}: ${STATUS_LABEL[r.status]}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">{r.organisation_name}</p>
          <p className="text-muted-foreground break-words">
            {r.company_name} · {r.website}
          </p>
        </div>
        <Badge variant={r.status === 'pending' ? 'warning' : r.status === 'approved' ? 'default' : 'secondary'}>
          {STATUS_LABEL[r.status]}
        </Badge>
      </div>
      <p className="whitespace-pre-wrap break-words">{r.use_case}</p>
      <dl className="grid gap-x-4 gap-y-1 text-muted-foreground sm:grid-cols-[auto_1fr]">
        <dt>Volume</dt>
        <dd className="text-foreground">{LIVE_VOLUME_LABELS[r.expected_monthly_volume]}</dd>
        <dt>Sandbox orders</dt>
        <dd className="text-foreground tabular-nums">{r.sandbox_orders}</dd>
        <dt>Asked</dt>
        <dd className="text-foreground">
          {formatTimestamp(r.created_at)}
          {r.requested_by_email ? ` by ${r.requested_by_email}` : ''}
        </dd>
        <dt>Organisation since</dt>
        <dd className="text-foreground">{formatTimestamp(r.organisation_created_at)}</dd>
        {r.decided_at && (
          <>
            <dt>Decided</dt>
            <dd className="text-foreground break-words">
              {formatTimestamp(r.decided_at)}
              {r.decision_note ? `: ${r.decision_note}` : ''}
            </dd>
          </>
        )}
      </dl>
      {r.status === 'pending' &&
        (refusing ? (
          <RefuseForm request={r} onDone={() => setRefusing(false)} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <ConfirmDialog
              trigger={
                <Button size="sm" disabled={decide.isPending}>
                  Approve
                </Button>
              }
              title={`Take ${r.organisation_name} live?`}
              description="Its sandbox balance closes and a live one opens at zero; its sandbox API keys stop working. This cannot be undone."
              confirmLabel="Approve and go live"
              onConfirm={approve}
            />
            <Button size="sm" variant="outline" onClick={() => setRefusing(true)}>
              Refuse…
            </Button>
          </div>
        ))}
    </li>
  );
}

function RefuseForm({ request: r, onDone }: { request: OperatorLiveRequest; onDone: () => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const decide = useDecideLiveRequest();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    if (note.trim().length < 5) {
      setError('Tell the owner why, in at least 5 characters');
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    decide.mutate(
      { id: r.id, verb: 'reject', note: note.trim() },
      {
        onSuccess: () => {
          toast.success('Request refused', { description: `${r.organisation_name}’s owners were emailed the reason.` });
          onDone();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={`Refuse ${r.organisation_name}’s request`}>
      <FormField id={`${id}-note`} label="Why (sent to the owners)" error={error}>
        <textarea
          {...fieldProps(`${id}-note`, error)}
          rows={2}
          maxLength={1000}
          className="w-full rounded-md border bg-background px-3 py-2 text-sm aria-invalid:border-destructive"
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="destructive" aria-disabled={decide.isPending}>
          {decide.isPending ? 'Refusing…' : 'Refuse request'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
