import {
  API_KEY_SCOPE_LABELS,
  type ApiKeyScope,
  type OAuthAuthorizationRequest,
  type OAuthAuthorizationResponse,
} from '@giftrelay/contracts';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListSkeleton } from '@/components/ui/list-states';
import { useApprove, useAuthorization, useDeny } from '../api/consent';
import { approveBody, type CapsInput, capsFrom, domainsFrom } from '../utils/consent-form';

/**
 * The OAuth consent page (decision 075): a signed-in owner or admin connects an assistant to one
 * organisation with the scopes, spend caps and recipient domains they pick. The request comes from
 * the address bar and the server checks it again on every call; the client's name is only what
 * it calls itself, so the page says where it will send the person back to.
 */
export function ConsentPage({ request }: { request: OAuthAuthorizationRequest | null }) {
  const authorization = useAuthorization(request);
  if (!request) return <Problem message="This link is incomplete. Start again from the application." />;
  if (authorization.isPending)
    return <ListSkeleton label="Checking the request" rows={3} rowClassName="h-12 rounded-lg" />;
  if (authorization.isError) return <Problem message={authorization.error.message} />;
  return <ConsentForm request={request} data={authorization.data} />;
}

function Problem({ message }: { message: string }) {
  return (
    <div role="alert" className="grid gap-2">
      <h1 className="text-2xl font-semibold">Cannot connect this application</h1>
      <p className="text-muted-foreground">{message}</p>
      <p className="text-sm text-muted-foreground">Nothing was shared with it.</p>
    </div>
  );
}

function ConsentForm({ request, data }: { request: OAuthAuthorizationRequest; data: OAuthAuthorizationResponse }) {
  const id = useId();
  const approve = useApprove();
  const deny = useDeny();
  const orgs = data.organisations;
  const [orgId, setOrgId] = useState(orgs.find((o) => o.current)?.id ?? orgs[0]?.id ?? '');
  const org = orgs.find((o) => o.id === orgId);
  const [scopes, setScopes] = useState<ApiKeyScope[]>(data.requested_scopes);
  const [caps, setCaps] = useState<CapsInput>({ currency: 'USD', perReward: '50', perDay: '200', perMonth: '1000' });
  const [domains, setDomains] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof CapsInput | 'scopes', string>>>({});
  const busy = approve.isPending || deny.isPending;
  const failure = approve.error ?? deny.error;
  const go = (to: string) => window.location.assign(to);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = capsFrom(caps);
    const next = parsed.ok ? {} : { ...parsed.errors };
    if (scopes.length === 0) Object.assign(next, { scopes: 'Pick at least one thing it may do' });
    setErrors(next);
    if (!parsed.ok || scopes.length === 0 || !org) return;
    approve.mutate(
      approveBody(request, {
        organisation_id: org.id,
        // The organisation's mode: a live one has no sandbox (the server refuses it too).
        mode: org.live ? 'live' : 'sandbox',
        scopes,
        caps: parsed.caps,
        allowed_domains: domainsFrom(domains),
      }),
      { onSuccess: (r) => go(r.redirect_to) },
    );
  };
  const decline = () => deny.mutate(request, { onSuccess: (r) => go(r.redirect_to) });

  return (
    <form onSubmit={submit} className="grid gap-6" aria-labelledby={`${id}-title`} noValidate>
      <div className="grid gap-2">
        <ShieldCheck aria-hidden className="size-8 text-primary" />
        <h1 id={`${id}-title`} className="text-2xl font-semibold break-words">
          Connect “{data.client.name}” to GiftRelay?
        </h1>
        <p className="text-sm text-muted-foreground">
          An application that calls itself <strong className="text-foreground">{data.client.name}</strong> asks to act
          for your organisation through GiftRelay’s MCP server. After you decide, you go back to{' '}
          <strong className="text-foreground break-all">{data.client.redirect_host}</strong>. Only continue if you
          started this there.
        </p>
      </div>

      {orgs.length === 0 ? (
        <Card className="p-4 text-sm" role="note">
          Only an owner or admin of an organisation can connect applications to it. Ask one of them, or decline.
        </Card>
      ) : (
        <>
          {orgs.length > 1 && (
            <FormField id={`${id}-org`} label="Organisation">
              <select
                {...fieldProps(`${id}-org`)}
                className="h-10 rounded-md border bg-background px-3 text-sm"
                value={orgId}
                onChange={(e) => setOrgId(e.target.value)}
              >
                {orgs.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          {orgs.length === 1 && org && (
            <p className="text-sm">
              Organisation: <strong>{org.name}</strong>
            </p>
          )}

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Mode</legend>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="radio"
                name={`${id}-mode`}
                className="mt-1 accent-primary"
                checked={!org?.live}
                disabled={Boolean(org?.live)}
                readOnly
              />
              <span>
                <span className="font-medium">Sandbox</span>
                <span className="block text-muted-foreground">
                  {org?.live ? 'Not available: the organisation is live.' : 'Play money; rewards are not real.'}
                </span>
              </span>
            </label>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="radio"
                name={`${id}-mode`}
                className="mt-1 accent-primary"
                checked={Boolean(org?.live)}
                disabled={!org?.live}
                readOnly
              />
              <span>
                <span className="font-medium">Live</span>
                <span className="block text-muted-foreground">
                  {org?.live ? 'Real rewards, paid from your balance.' : 'Available once the organisation is live.'}
                </span>
              </span>
            </label>
          </fieldset>

          <fieldset className="grid gap-2" aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
            <legend className="mb-2 text-sm font-medium">It may</legend>
            {data.requested_scopes.map((scope) => (
              <label key={scope} className="flex items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="accent-primary"
                  checked={scopes.includes(scope)}
                  onChange={(e) =>
                    setScopes((now) => (e.target.checked ? [...now, scope] : now.filter((s) => s !== scope)))
                  }
                />
                <span>
                  {API_KEY_SCOPE_LABELS[scope]} <code className="font-mono text-xs text-muted-foreground">{scope}</code>
                </span>
              </label>
            ))}
            {errors.scopes && (
              <p id={`${id}-scopes-error`} role="alert" className="text-sm text-destructive">
                {errors.scopes}
              </p>
            )}
          </fieldset>

          <fieldset className="grid gap-4">
            <legend className="mb-2 text-sm font-medium">Spend caps (leave empty for none)</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id={`${id}-currency`} label="Currency" error={errors.currency}>
                <Input
                  {...fieldProps(`${id}-currency`, errors.currency)}
                  value={caps.currency}
                  maxLength={3}
                  autoCapitalize="characters"
                  onChange={(e) => setCaps({ ...caps, currency: e.target.value })}
                />
              </FormField>
              {(
                [
                  ['perReward', 'Per reward'],
                  ['perDay', 'Per day'],
                  ['perMonth', 'Per month'],
                ] as const
              ).map(([key, label]) => (
                <FormField key={key} id={`${id}-${key}`} label={label} error={errors[key]}>
                  <Input
                    {...fieldProps(`${id}-${key}`, errors[key])}
                    inputMode="decimal"
                    value={caps[key]}
                    onChange={(e) => setCaps({ ...caps, [key]: e.target.value })}
                  />
                </FormField>
              ))}
            </div>
          </fieldset>

          <FormField id={`${id}-domains`} label="Recipient domains (optional)">
            <textarea
              {...fieldProps(`${id}-domains`)}
              className="min-h-20 rounded-md border bg-background px-3 py-2 text-sm"
              placeholder="example.com"
              aria-describedby={`${id}-domains-hint`}
              value={domains}
              onChange={(e) => setDomains(e.target.value)}
            />
            <p id={`${id}-domains-hint`} className="text-xs text-muted-foreground">
              One per line. Empty: it may send to anyone, within the caps.
            </p>
          </FormField>
        </>
      )}

      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure.message}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={decline} disabled={busy}>
          {deny.isPending ? 'Declining...' : 'Decline'}
        </Button>
        {orgs.length > 0 && (
          <Button type="submit" disabled={busy}>
            {approve.isPending ? 'Connecting...' : 'Connect'}
          </Button>
        )}
      </div>
    </form>
  );
}
