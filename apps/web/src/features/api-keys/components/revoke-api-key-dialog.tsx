import type { ApiKey } from '@giftrelay/contracts';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Revoke ${apiKey.name}`} disabled={revoke.isPending}>
          {revoke.isPending ? 'Revoking...' : 'Revoke'}
        </Button>
      }
      title={`Revoke “${apiKey.name}”?`}
      description={
        <>
          Requests with the key ending in <span className="font-mono">{apiKey.last_four}</span> will be refused at once.
          This cannot be undone.
        </>
      }
      confirmLabel="Revoke key"
      onConfirm={confirm}
    />
  );
}
