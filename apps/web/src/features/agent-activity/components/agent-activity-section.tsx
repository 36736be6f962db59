import type { AgentActivity } from '@giftrelay/contracts';
import { recipientOf } from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import { Bot } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ListSkeleton, ListStates } from '@/components/ui/list-states';
import { paths } from '@/config/paths';
import { formatTimestamp } from '@/lib/format';
import { useAgentActivity } from '../api/list-agent-activity';

/**
 * Settings → Developers: what AI agents did through the MCP server (decision 074), newest first,
 * each with the API key or connected app it used, so an owner sees an assistant's sends at a glance.
 */
export function AgentActivitySection() {
  const activity = useAgentActivity();
  return (
    <section aria-labelledby="agent-activity-heading" className="grid gap-4">
      <div className="max-w-prose">
        <h2 id="agent-activity-heading" className="text-lg font-semibold">
          Recent agent activity
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Rewards AI assistants sent through the MCP server at <code className="font-mono text-xs">/mcp</code>, with the
          key or connected app each used. See <Link to={`${paths.docs}#ai-agents`}>AI agents</Link> in the docs to
          connect one.
        </p>
      </div>
      <ListStates
        query={activity}
        loading={<ListSkeleton label="Loading agent activity" rows={2} rowClassName="h-12 rounded-lg" />}
        errorTitle="We could not load the agents' activity."
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyState icon={Bot} title="No agent activity yet">
            <p className="max-w-sm text-sm text-muted-foreground">
              Orders an assistant places with an API key or a connected app show here.
            </p>
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y rounded-xl border" aria-label="Recent agent activity">
            {data.data.map((item) => (
              <ActivityRow key={item.order_id} item={item} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function ActivityRow({ item }: { item: AgentActivity }) {
  const via = item.source.via === 'api_key' ? 'API key' : 'Connected app';
  return (
    <li className="grid gap-1 p-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="agent-activity-row">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`${paths.orders}/${item.order_id}`} className="font-medium break-words">
            {item.product_name} to {recipientOf(item)}
          </Link>
          {item.status === 'pending_approval' && <Badge variant="warning">Waiting for approval</Badge>}
        </div>
        <p className="text-xs text-muted-foreground">
          {via}: {item.source.client_name ?? 'unnamed'} · {formatTimestamp(item.created_at)}
        </p>
      </div>
      <span className="text-sm tabular-nums">{formatMoney(item.charged_total_minor, item.charge_currency)}</span>
    </li>
  );
}
