import type { ApiKey } from '@giftrelay/contracts';
import { KeyRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { LoadError } from '@/components/ui/load-error';
import { formatLocalDate, formatTimestamp } from '@/lib/format';
import { useApiKeys } from '../api/list-api-keys';
import { describeScopes, keyState } from '../utils/key-form';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

/** Settings → Developers: the organisation's API keys, a way to create one and to revoke each. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  return (
    <section aria-labelledby="api-keys-heading" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="api-keys-heading" className="text-lg font-semibold">
            API keys
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Send rewards and read orders from your own systems with{' '}
            <code className="font-mono text-xs">Authorization: Bearer gr_test_…</code>. Sandbox keys start with{' '}
            <code className="font-mono text-xs">gr_test_</code>.
          </p>
        </div>
        <CreateApiKeyDialog />
      </div>
      {keys.isPending ? (
        <div role="status" aria-label="Loading API keys" className="grid gap-2">
          {[0, 1].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-lg bg-muted" />
          ))}
        </div>
      ) : keys.isError ? (
        <LoadError
          title="We could not load your API keys."
          error={keys.error}
          onRetry={() => keys.refetch()}
          isRetrying={keys.isFetching}
        />
      ) : keys.data.data.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed p-8 text-center">
          <KeyRound aria-hidden className="size-8 text-muted-foreground" />
          <p className="font-medium">No API keys yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Create one to connect a payroll, CRM or survey tool. You will see it once, so keep it safe.
          </p>
        </div>
      ) : (
        <ul className="divide-y rounded-xl border" aria-label="API keys">
          {keys.data.data.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const state = keyState(apiKey);
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="api-key-row">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{apiKey.name}</span>
          <span className="font-mono text-xs text-muted-foreground">
            {apiKey.prefix}…{apiKey.last_four}
          </span>
          {state === 'revoked' && <Badge variant="destructive">Revoked</Badge>}
          {state === 'expired' && <Badge variant="warning">Expired</Badge>}
          {/* A key outlives its creator's membership until revoked (decision 063): say so. */}
          {state === 'active' && apiKey.creator_left && (
            <Badge
              variant="warning"
              title="Whoever created this key is no longer a member: revoke it if it is not needed"
            >
              Creator left
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{describeScopes(apiKey.scopes)}</p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex flex-wrap gap-x-1">
            <dt>Created</dt>
            <dd>
              {formatLocalDate(apiKey.created_at)}
              {apiKey.created_by ? ` by ${apiKey.created_by.email}` : ''}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Last used</dt>
            <dd>{apiKey.last_used_at ? formatTimestamp(apiKey.last_used_at) : 'Never'}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{state === 'expired' ? 'Expired' : 'Expires'}</dt>
            <dd>{apiKey.expires_at ? formatLocalDate(apiKey.expires_at) : 'Never'}</dd>
          </div>
          {apiKey.revoked_at && (
            <div className="flex gap-1">
              <dt>Revoked</dt>
              <dd>{formatTimestamp(apiKey.revoked_at)}</dd>
            </div>
          )}
        </dl>
      </div>
      {state === 'active' && <RevokeApiKeyDialog apiKey={apiKey} />}
    </li>
  );
}
