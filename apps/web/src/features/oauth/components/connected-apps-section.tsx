import { API_KEY_SCOPE_LABELS, type OAuthGrant, toMajor } from '@giftrelay/contracts';
import { Bot } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, ListSkeleton, ListStates } from '@/components/ui/list-states';
import { formatLocalDate, formatMajor, formatTimestamp } from '@/lib/format';
import { useGrants, useRevokeGrant } from '../api/grants';

/** Settings → Developers: assistants connected with OAuth (decision 075), each with Revoke. */
export function ConnectedAppsSection() {
  const grants = useGrants();
  return (
    <section aria-labelledby="connected-apps-heading" className="grid gap-4">
      <div className="max-w-prose">
        <h2 id="connected-apps-heading" className="text-lg font-semibold">
          Connected apps
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Assistants an owner or admin connected through OAuth, without a pasted key. Revoking one stops it at once.
        </p>
      </div>
      <ListStates
        query={grants}
        loading={<ListSkeleton label="Loading connected apps" rows={1} rowClassName="h-16 rounded-lg" />}
        errorTitle="We could not load your connected apps."
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyState icon={Bot} title="No connected apps">
            <p className="max-w-sm text-sm text-muted-foreground">
              Point an assistant at this site’s /mcp address; it will ask you here to approve it.
            </p>
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y rounded-xl border" aria-label="Connected apps">
            {data.data.map((grant) => (
              <GrantRow key={grant.id} grant={grant} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function capText(minor: number | null, currency: string) {
  return minor === null ? 'no cap' : formatMajor(toMajor(minor, currency), currency);
}

function GrantRow({ grant }: { grant: OAuthGrant }) {
  const { caps } = grant;
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="connected-app-row">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{grant.client_name}</span>
          <Badge variant={grant.mode === 'live' ? 'default' : 'secondary'}>
            {grant.mode === 'live' ? 'Live' : 'Sandbox'}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">{grant.scopes.map((s) => API_KEY_SCOPE_LABELS[s]).join(' · ')}</p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex flex-wrap gap-x-1">
            <dt>Caps</dt>
            <dd>
              {capText(caps.per_reward_minor, caps.currency)} a reward, {capText(caps.per_day_minor, caps.currency)} a
              day, {capText(caps.per_month_minor, caps.currency)} a month
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-1">
            <dt>Recipients</dt>
            <dd className="break-all">{grant.allowed_domains ? grant.allowed_domains.join(', ') : 'anyone'}</dd>
          </div>
          <div className="flex flex-wrap gap-x-1">
            <dt>Approved</dt>
            <dd>
              {formatLocalDate(grant.created_at)}
              {grant.approved_by ? ` by ${grant.approved_by.email}` : ''}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Last used</dt>
            <dd>{grant.last_used_at ? formatTimestamp(grant.last_used_at) : 'Never'}</dd>
          </div>
        </dl>
      </div>
      <RevokeGrant grant={grant} />
    </li>
  );
}

function RevokeGrant({ grant }: { grant: OAuthGrant }) {
  const revoke = useRevokeGrant();
  const confirm = () =>
    revoke.mutate(grant.id, {
      onSuccess: () => toast.success('App disconnected', { description: `${grant.client_name} can no longer act.` }),
      onError: (err) =>
        toast.error('Could not revoke the app', {
          description: err instanceof Error && err.message ? err.message : 'Please try again.',
        }),
    });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Revoke ${grant.client_name}`} disabled={revoke.isPending}>
          {revoke.isPending ? 'Revoking...' : 'Revoke'}
        </Button>
      }
      title={`Revoke “${grant.client_name}”?`}
      description="Its tokens are refused from the next request on. It would need to be approved again."
      confirmLabel="Revoke app"
      onConfirm={confirm}
    />
  );
}
