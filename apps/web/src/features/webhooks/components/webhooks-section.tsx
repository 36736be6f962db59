import type { WebhookEndpoint } from '@giftrelay/contracts';
import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, ListSkeleton, ListStates } from '@/components/ui/list-states';
import { paths } from '@/config/paths';
import { formatTimestamp } from '@/lib/format';
import { useWebhookEndpoints } from '../api/webhooks';
import { DeliveryLog } from './delivery-log';
import { DeleteEndpointDialog, RotateSecretDialog, SendTestEventButton } from './endpoint-actions';
import { EndpointDialog } from './endpoint-dialog';

/** Settings → Developers: the organisation's webhook endpoints, each with its delivery log. */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  return (
    <section aria-labelledby="webhooks-heading" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="webhooks-heading" className="text-lg font-semibold">
            Webhooks
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Get orders, rewards and balance changes pushed to your systems as they happen, signed so you can check they
            came from us. <Link to={`${paths.docs}#webhooks`}>How to verify them</Link>.
          </p>
        </div>
        <EndpointDialog trigger={<Button>Add endpoint</Button>} />
      </div>
      <ListStates
        query={endpoints}
        loading={<ListSkeleton label="Loading webhook endpoints" rowClassName="h-20 rounded-lg" />}
        errorTitle="We could not load your webhook endpoints."
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyState icon={Webhook} title="No webhook endpoints yet">
            <p className="max-w-sm text-sm text-muted-foreground">
              Add one to hear about each order, delivery and top-up the moment it happens.
            </p>
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="grid gap-3" aria-label="Webhook endpoints">
            {data.data.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [showLog, setShowLog] = useState(false);
  const logId = `delivery-log-${endpoint.id}`;
  return (
    <li className="overflow-hidden rounded-xl border" data-testid="webhook-endpoint">
      <div className="grid gap-3 p-4">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 break-all font-mono text-sm">{endpoint.url}</span>
            {endpoint.enabled ? (
              endpoint.failing_since ? (
                <Badge variant="warning">Failing since {formatTimestamp(endpoint.failing_since)}</Badge>
              ) : (
                <Badge variant="secondary">Enabled</Badge>
              )
            ) : (
              <Badge variant="destructive">
                {endpoint.disabled_reason === 'failing' ? 'Disabled after 5 days of failures' : 'Disabled'}
              </Badge>
            )}
          </div>
          {endpoint.description && <p className="text-sm">{endpoint.description}</p>}
          <p className="text-sm text-muted-foreground">
            {endpoint.event_types ? endpoint.event_types.join(', ') : 'All events'}
          </p>
          {endpoint.previous_secret_expires_at && (
            <p className="text-xs text-muted-foreground">
              The previous secret also signs until {formatTimestamp(endpoint.previous_secret_expires_at)}.
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog((v) => !v)}
          >
            {showLog ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <SendTestEventButton endpoint={endpoint} />
          <EndpointDialog
            endpoint={endpoint}
            trigger={
              <Button variant="outline" size="sm" aria-label={`Edit ${endpoint.description || endpoint.url}`}>
                Edit
              </Button>
            }
          />
          <RotateSecretDialog endpoint={endpoint} />
          <DeleteEndpointDialog endpoint={endpoint} />
        </div>
      </div>
      <div id={logId}>{showLog && <DeliveryLog endpointId={endpoint.id} />}</div>
    </li>
  );
}
