import type { ApiKey } from '@giftrelay/contracts';
import { AlertDialog } from 'radix-ui';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useRevokeApiKey } from '../api/revoke-api-key';

/** Revokes a key after asking: integrations using it stop working at once. */
export function RevokeApiKeyDialog({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const confirm = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => toast.success('API key revoked', { description: `${apiKey.name} no longer works.` }),
      onError: (err) =>
        toast.error('Could not revoke the key', {
          description: err instanceof Error && err.message ? err.message : 'Please try again.',
        }),
    });
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Revoke ${apiKey.name}`} disabled={revoke.isPending}>
          {revoke.isPending ? 'Revoking...' : 'Revoke'}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-5 shadow-xl sm:p-6">
          <AlertDialog.Title className="text-lg font-semibold">Revoke “{apiKey.name}”?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            Requests with the key ending in <span className="font-mono">{apiKey.last_four}</span> will be refused at
            once. This cannot be undone.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={confirm}>
                Revoke key
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
