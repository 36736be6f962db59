import type { WebhookEndpoint } from '@giftrelay/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { useDeleteEndpoint, useRotateSecret, useSendTestEvent } from '../api/webhooks';
import { SecretOnce } from './secret-once';

const errorMessage = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Please try again.');
const label = (e: WebhookEndpoint) => e.description || e.url;

/** Rotates the signing secret after asking; the new one is shown once, the old one signs for 24 more hours. */
export function RotateSecretDialog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string>();
  const rotate = useRotateSecret();
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setSecret(undefined);
  };
  const confirm = () =>
    rotate.mutate(endpoint.id, {
      onSuccess: (res) => {
        toast.success('Signing secret rotated', { description: 'The old secret keeps working for 24 hours.' });
        setSecret(res.secret);
      },
      onError: (err) => toast.error('Could not rotate the secret', { description: errorMessage(err) }),
    });
  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      size="md"
      locked={Boolean(secret)}
      title={secret ? 'Your new signing secret' : 'Rotate the signing secret?'}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Rotate secret of ${label(endpoint)}`}>
          Rotate secret
        </Button>
      }
    >
      {secret ? (
        <SecretOnce
          secret={secret}
          onDone={() => close(false)}
          note="Deliveries are signed with both secrets for 24 hours, so switch your receiver to this one before then."
        />
      ) : (
        <>
          <DialogDescription className="text-sm text-muted-foreground">
            A new secret is made and shown once. For 24 hours every delivery is signed with both the old and the new
            secret; after that only the new one works.
          </DialogDescription>
          <DialogActions>
            <Button onClick={confirm} aria-disabled={rotate.isPending}>
              {rotate.isPending ? 'Rotating...' : 'Rotate secret'}
            </Button>
          </DialogActions>
        </>
      )}
    </DialogShell>
  );
}

/** Deletes an endpoint after asking: its deliveries and log go with it. */
export function DeleteEndpointDialog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const remove = useDeleteEndpoint();
  const confirm = () =>
    remove.mutate(endpoint.id, {
      onSuccess: () => toast.success('Webhook endpoint deleted'),
      onError: (err) => toast.error('Could not delete the endpoint', { description: errorMessage(err) }),
    });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Delete ${label(endpoint)}`} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      }
      title="Delete this endpoint?"
      description={
        <>
          <span className="break-all font-mono">{endpoint.url}</span> will receive no more events, and its delivery log
          is deleted. Events themselves are kept.
        </>
      }
      confirmLabel="Delete endpoint"
      onConfirm={confirm}
    />
  );
}

export function SendTestEventButton({ endpoint }: { endpoint: WebhookEndpoint }) {
  const send = useSendTestEvent();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Send test event to ${label(endpoint)}`}
      aria-disabled={send.isPending}
      onClick={() =>
        !send.isPending &&
        send.mutate(endpoint.id, {
          onSuccess: () => toast.success('Test event sent', { description: 'See it arrive in the delivery log.' }),
          onError: (err) => toast.error('Could not send a test event', { description: errorMessage(err) }),
        })
      }
    >
      {send.isPending ? 'Sending...' : 'Send test event'}
    </Button>
  );
}
