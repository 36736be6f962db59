import { EVENT_TYPES, type EventType, type WebhookEndpoint } from '@giftrelay/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useCreateEndpoint, useUpdateEndpoint } from '../api/webhooks';
import { SecretOnce } from './secret-once';

/** The event types a customer subscribes to ('webhook.test' goes only where it is asked for). */
export const SUBSCRIBABLE_EVENTS = EVENT_TYPES.filter((t) => t !== 'webhook.test');

const errorMessage = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Please try again.');

/**
 * Adds an endpoint (then shows its signing secret, this once) or edits one: URL, description,
 * the events it wants, enabled. The server's refusals of a URL (private addresses, https in live
 * mode) show on the URL field.
 */
export function EndpointDialog({ endpoint, trigger }: { endpoint?: WebhookEndpoint; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string>();
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setSecret(undefined);
  };
  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      trigger={trigger}
      locked={Boolean(secret)}
      title={secret ? 'Your endpoint’s signing secret' : endpoint ? 'Edit webhook endpoint' : 'Add a webhook endpoint'}
    >
      {secret ? (
        <SecretOnce secret={secret} onDone={() => close(false)} />
      ) : (
        <EndpointForm endpoint={endpoint} onCreated={setSecret} onSaved={() => close(false)} />
      )}
    </DialogShell>
  );
}

function EndpointForm({
  endpoint,
  onCreated,
  onSaved,
}: {
  endpoint?: WebhookEndpoint;
  onCreated: (secret: string) => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [all, setAll] = useState(!endpoint?.event_types);
  const [types, setTypes] = useState<EventType[]>(endpoint?.event_types ?? ['order.created', 'order.completed']);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [errors, setErrors] = useState<{ url?: string; types?: string; form?: string }>({});
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const pending = create.isPending || update.isPending;

  const onError = (err: unknown) => {
    // A refused URL (validation or the address check) belongs on the URL field, said as a
    // sentence about "the URL" rather than the API's field path (body.url).
    const urlProblem = err instanceof ApiError ? err.details.find((d) => d.path === 'body.url')?.message : undefined;
    const message = urlProblem ? `The URL ${urlProblem}${/[.!?]$/.test(urlProblem) ? '' : '.'}` : errorMessage(err);
    if (urlProblem) setErrors({ url: message });
    else setErrors({ form: message });
    toast.error(endpoint ? 'Could not save the endpoint' : 'Could not add the endpoint', { description: message });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = url.trim();
    const problems = {
      url: !trimmed
        ? 'Please enter the URL that should receive events'
        : !/^https?:\/\//i.test(trimmed)
          ? 'The URL must start with https://'
          : undefined,
      types: !all && types.length === 0 ? 'Choose at least one event, or All events' : undefined,
    };
    if (problems.url || problems.types) {
      setErrors(problems);
      document.getElementById(problems.url ? `${id}-url` : `${id}-types`)?.focus();
      return;
    }
    setErrors({});
    const body = { url: trimmed, description: description.trim(), event_types: all ? null : types, enabled };
    if (endpoint) {
      update.mutate(
        { id: endpoint.id, body },
        {
          onSuccess: () => {
            toast.success('Webhook endpoint saved');
            onSaved();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (res) => {
          toast.success('Webhook endpoint added', {
            description: 'Copy its signing secret now: it is shown only once.',
          });
          onCreated(res.secret);
        },
        onError,
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <DialogDescription className="text-sm text-muted-foreground">
        GiftRelay POSTs each event to this URL, signed with the endpoint’s own secret (Standard Webhooks).
      </DialogDescription>
      <FormField id={`${id}-url`} label="Endpoint URL" error={errors.url}>
        <Input
          {...fieldProps(`${id}-url`, errors.url)}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/webhooks/giftrelay"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-description`} label="Description (optional)">
        <Input
          id={`${id}-description`}
          autoComplete="off"
          placeholder="Payroll sync"
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <fieldset
        id={`${id}-types`}
        tabIndex={-1}
        className="grid gap-2"
        aria-describedby={errors.types ? `${id}-types-error` : undefined}
      >
        <legend className="mb-2 text-sm font-medium">Events to send</legend>
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} className="accent-primary" />
          All events, including types added later
        </label>
        {!all &&
          SUBSCRIBABLE_EVENTS.map((type) => (
            <label key={type} className="flex cursor-pointer items-center gap-3 pl-4 text-sm">
              <input
                type="checkbox"
                checked={types.includes(type)}
                onChange={(e) => setTypes((now) => (e.target.checked ? [...now, type] : now.filter((t) => t !== type)))}
                className="accent-primary"
              />
              <code className="font-mono text-xs">{type}</code>
            </label>
          ))}
        {errors.types && (
          <p id={`${id}-types-error`} role="alert" className="text-sm text-destructive">
            {errors.types}
          </p>
        )}
      </fieldset>
      <label className="flex cursor-pointer items-center gap-3 text-sm">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          className="accent-primary"
        />
        Enabled: send events to this endpoint
      </label>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <DialogActions>
        <Button type="submit" aria-disabled={pending}>
          {pending ? 'Saving...' : endpoint ? 'Save endpoint' : 'Add endpoint'}
        </Button>
      </DialogActions>
    </form>
  );
}
