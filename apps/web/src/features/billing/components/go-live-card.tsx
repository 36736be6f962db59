import { CreateLiveRequestBodySchema, LIVE_VOLUME_LABELS, LIVE_VOLUMES, type LiveStatus } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { WhatToConfigure } from '@/components/live-setup/what-to-configure';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCan } from '@/lib/auth/use-can';
import { useIsOperator } from '@/lib/auth/use-operator';
import { fieldErrors } from '@/lib/field-errors';
import { formatTimestamp } from '@/lib/format';
import { useLiveStatus, useRequestLive, useWithdrawLiveRequest } from '../api/live-mode';

type Volume = (typeof LIVE_VOLUMES)[number];
type Field = 'company_name' | 'website' | 'use_case' | 'expected_monthly_volume';
const FIELDS: Field[] = ['company_name', 'website', 'use_case', 'expected_monthly_volume'];

/**
 * Going live (decision 045): a sandbox organisation's owner asks, a GiftRelay operator approves.
 * Shows where the request stands, and the form when there is none waiting.
 */
export function GoLiveCard() {
  const status = useLiveStatus();
  if (status.isPending) {
    return <ListSkeleton label="Loading your organisation’s mode" rowClassName="h-32 rounded-xl" />;
  }
  if (status.isError) {
    return (
      <LoadError
        title="We could not load whether you are live."
        error={status.error}
        onRetry={() => status.refetch()}
        isRetrying={status.isFetching}
      />
    );
  }
  const s = status.data;
  if (s.mode === 'live') {
    return (
      <p className="text-sm text-muted-foreground">
        Live since {s.live_since ? formatTimestamp(s.live_since) : 'approval'}: orders send real gift cards and draw on
        real funds.
      </p>
    );
  }
  return (
    <Card className="grid gap-4 p-5">
      <div>
        <h2 className="text-lg font-semibold">Go live</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          You are in the sandbox: cards are play cards and funds are play money. Going live sends real gift cards. Your
          live balance starts at zero and your sandbox API keys stop working; the sandbox history stays.
        </p>
      </div>
      <LiveState status={s} />
    </Card>
  );
}

function LiveState({ status: s }: { status: LiveStatus }) {
  const isOwner = useCan('requestLive');
  const isOperator = useIsOperator();
  if (!s.live_available) return <NoLiveProvider isOperator={isOperator} />;
  const request = s.request;
  if (request?.status === 'pending') return <PendingRequest status={s} isOwner={isOwner} />;
  return (
    <>
      {request?.status === 'rejected' && (
        <div role="note" className="rounded-lg border border-destructive/40 p-3 text-sm">
          <p className="font-medium">GiftRelay did not approve your last request.</p>
          {request.decision_note && <p className="mt-1 whitespace-pre-wrap break-words">{request.decision_note}</p>}
        </div>
      )}
      {isOwner ? (
        <RequestForm />
      ) : (
        <p className="text-sm text-muted-foreground">Only an owner of the organisation can ask to go live.</p>
      )}
    </>
  );
}

/**
 * No real provider here (issue 35): not a dead end. Whoever runs the instance (an operator) sees
 * what to configure; a customer is told in plain words who can switch it on, with the same list
 * folded away for them to pass on.
 */
function NoLiveProvider({ isOperator }: { isOperator: boolean }) {
  if (isOperator) {
    return (
      <div className="grid gap-3">
        <p className="text-sm">
          This GiftRelay has no real gift-card provider yet, so nobody can go live here. You run it: this is what it
          needs.
        </p>
        <WhatToConfigure />
      </div>
    );
  }
  return (
    <div className="grid gap-3 text-sm">
      <p>
        Going live is not switched on for this GiftRelay yet: it needs a real gift-card supplier, which the people who
        run it here set up. Until then you can keep sending sandbox rewards. Ask them to switch it on and come back here
        to ask to go live.
      </p>
      <details className="rounded-lg border p-3">
        <summary className="cursor-pointer font-medium">What they need to configure</summary>
        <div className="mt-3">
          <WhatToConfigure />
        </div>
      </details>
    </div>
  );
}

function PendingRequest({ status: s, isOwner }: { status: LiveStatus; isOwner: boolean }) {
  const withdraw = useWithdrawLiveRequest();
  const request = s.request;
  if (!request) return null;
  return (
    <div className="grid gap-3 text-sm">
      <p role="status" className="font-medium">
        Your request to go live is waiting for GiftRelay’s review.
      </p>
      <dl className="grid gap-1 text-muted-foreground sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt>Sent</dt>
        <dd className="text-foreground">
          {formatTimestamp(request.created_at)}
          {request.requested_by_email ? ` by ${request.requested_by_email}` : ''}
        </dd>
        <dt>Company</dt>
        <dd className="break-words text-foreground">
          {request.company_name} · {request.website}
        </dd>
        <dt>Volume</dt>
        <dd className="text-foreground">{LIVE_VOLUME_LABELS[request.expected_monthly_volume]}</dd>
      </dl>
      <p className="text-muted-foreground">You will get an email with the answer.</p>
      {isOwner && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          aria-disabled={withdraw.isPending}
          onClick={() => {
            if (withdraw.isPending) return;
            withdraw.mutate(undefined, {
              onSuccess: () =>
                toast.success('Request withdrawn', { description: 'You can send a new one at any time.' }),
              onError: (err) => toast.error('Could not withdraw the request', { description: err.message }),
            });
          }}
        >
          {withdraw.isPending ? 'Withdrawing...' : 'Withdraw the request'}
        </Button>
      )}
    </div>
  );
}

function RequestForm() {
  const id = useId();
  const f = (name: Field) => `${id}-${name}`;
  const [values, setValues] = useState({ company_name: '', website: '', use_case: '', expected_monthly_volume: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const request = useRequestLive();
  const set = (name: Field, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = CreateLiveRequestBodySchema.safeParse({
      ...values,
      expected_monthly_volume: values.expected_monthly_volume || undefined,
    });
    if (!parsed.success) {
      const { errors: found, first } = fieldErrors(parsed.error.issues, FIELDS);
      setErrors(found);
      if (first) document.getElementById(f(first))?.focus();
      return;
    }
    request.mutate(parsed.data, {
      onSuccess: () =>
        toast.success('Request sent', {
          description: 'GiftRelay will review it; you will get an email with the answer.',
        }),
      onError: (err) => toast.error('Could not send the request', { description: err.message }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Ask to go live">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={f('company_name')} label="Company’s legal name" error={errors.company_name}>
          <Input
            {...fieldProps(f('company_name'), errors.company_name)}
            autoComplete="organization"
            value={values.company_name}
            onChange={(e) => set('company_name', e.target.value)}
          />
        </FormField>
        <FormField id={f('website')} label="Website" error={errors.website}>
          <Input
            {...fieldProps(f('website'), errors.website)}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com"
            value={values.website}
            onChange={(e) => set('website', e.target.value)}
          />
        </FormField>
      </div>
      <FormField id={f('use_case')} label="Whom will you send rewards to, and why?" error={errors.use_case}>
        <textarea
          {...fieldProps(f('use_case'), errors.use_case)}
          rows={3}
          className="w-full rounded-md border bg-background px-3 py-2 text-sm aria-invalid:border-destructive"
          placeholder="Thank-you cards for customers who complete our research interviews."
          value={values.use_case}
          onChange={(e) => set('use_case', e.target.value)}
        />
      </FormField>
      <FormField
        id={f('expected_monthly_volume')}
        label="Expected monthly volume"
        error={errors.expected_monthly_volume}
      >
        <Select value={values.expected_monthly_volume} onValueChange={(v) => set('expected_monthly_volume', v)}>
          <SelectTrigger
            id={f('expected_monthly_volume')}
            aria-invalid={errors.expected_monthly_volume ? true : undefined}
            aria-describedby={errors.expected_monthly_volume ? `${f('expected_monthly_volume')}-error` : undefined}
          >
            <SelectValue placeholder="Choose a range" />
          </SelectTrigger>
          <SelectContent>
            {LIVE_VOLUMES.map((v: Volume) => (
              <SelectItem key={v} value={v}>
                {LIVE_VOLUME_LABELS[v]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" aria-disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Ask to go live'}
      </Button>
    </form>
  );
}
