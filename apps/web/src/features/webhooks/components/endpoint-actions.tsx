import type { WebhookEndpoint } from '@giftrelay/contracts';
import { AlertDialog, Dialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useDeleteEndpoint, useRotateSecret, useSendTestEvent } from '../api/webhooks';
import { SecretOnce } from './secret-once';

const errorMessage = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Please try again.');
const label = (e: WebhookEndpoint) => e.description || e.url;

const panel =
  'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 grid-cols-[minmax(0,1fr)] gap-4 overflow-y-auto rounded-xl border bg-card p-5 shadow-xl sm:p-6';

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
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Rotate secret of ${label(endpoint)}`}>
          Rotate secret
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className={panel} onInteractOutside={(event) => secret && event.preventDefault()}>
          <Dialog.Title className="text-lg font-semibold">
            {secret ? 'Your new signing secret' : 'Rotate the signing secret?'}
          </Dialog.Title>
          {secret ? (
            <SecretOnce
              secret={secret}
              onDone={() => close(false)}
              note="Deliveries are signed with both secrets for 24 hours, so switch your receiver to this one before then."
            />
          ) : (
            <>
              <Dialog.Description className="text-sm text-muted-foreground">
                A new secret is made and shown once. For 24 hours every delivery is signed with both the old and the new
                secret; after that only the new one works.
              </Dialog.Description>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.Close>
                <Button onClick={confirm} aria-disabled={rotate.isPending}>
                  {rotate.isPending ? 'Rotating...' : 'Rotate secret'}
                </Button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Delete ${label(endpoint)}`} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className={panel}>
          <AlertDialog.Title className="text-lg font-semibold">Delete this endpoint?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            <span className="break-all font-mono">{endpoint.url}</span> will receive no more events, and its delivery
            log is deleted. Events themselves are kept.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={confirm}>
                Delete endpoint
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
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
