import type { ListedApiKey } from '@giftrelay/contracts';
import { KeyRound } from 'lucide-react';
import { BudgetLine } from '@/components/budgets/budget-dialog';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ListSkeleton, ListStates } from '@/components/ui/list-states';
import { useUser } from '@/lib/auth/use-session';
import { formatLocalDate, formatTimestamp } from '@/lib/format';
import { useApiKeys } from '../api/list-api-keys';
import { describeScopes, keyState } from '../utils/key-form';
import { AgentCapsDialog } from './agent-caps-dialog';
import { ApiKeyBudgetDialog } from './api-key-budget-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

/** Settings → Developers: the organisation's API keys, a way to create one and to revoke each. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const currency = useUser().organisation.billing_currency;
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
      <ListStates
        query={keys}
        loading={<ListSkeleton label="Loading API keys" rows={2} rowClassName="h-16 rounded-lg" />}
        errorTitle="We could not load your API keys."
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyState icon={KeyRound} title="No API keys yet">
            <p className="max-w-sm text-sm text-muted-foreground">
              Create one to connect a payroll, CRM or survey tool. You will see it once, so keep it safe.
            </p>
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y rounded-xl border" aria-label="API keys">
            {data.data.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} currency={currency} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function ApiKeyRow({ apiKey, currency }: { apiKey: ListedApiKey; currency: string }) {
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
        {state === 'active' && <BudgetLine budget={apiKey.budget} />}
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
      {state === 'active' && (
        <div className="flex flex-wrap gap-2">
          {apiKey.scopes.includes('orders:write') && <ApiKeyBudgetDialog apiKey={apiKey} currency={currency} />}
          {apiKey.scopes.includes('orders:write') && <AgentCapsDialog apiKey={apiKey} />}
          <RevokeApiKeyDialog apiKey={apiKey} />
        </div>
      )}
    </li>
  );
}
