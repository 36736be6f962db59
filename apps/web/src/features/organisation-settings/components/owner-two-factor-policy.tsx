import type { OrganisationSettings } from '@giftrelay/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useSession } from '@/lib/auth/use-session';
import { sharedQueryKeys } from '@/lib/query-keys';
import { useUpdateOrganisationSettings } from '../api/update-organisation-settings';

/**
 * Whether owners must sign in with two factors (decision 037). Owners alone change it, and it can
 * be turned on only once every owner has two-factor sign-in: the server says who has not.
 */
export function OwnerTwoFactorPolicy({ settings }: { settings: OrganisationSettings }) {
  const id = useId();
  const session = useSession();
  const isOwner = session.status === 'signed-in' && session.user.role === 'owner';
  const update = useUpdateOrganisationSettings();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  // Shown at once, put back if the server refuses.
  const [checked, setChecked] = useState(settings.owners_need_two_factor);
  const toggle = (next: boolean) => {
    setError(undefined);
    setChecked(next);
    update.mutate(
      { owners_need_two_factor: next },
      {
        onSuccess: () => {
          toast.success('Settings saved', {
            description: next ? 'Owners now need two-factor sign-in.' : 'Owners may sign in with a password alone.',
          });
          // Profile says which organisations keep the person's two-factor sign-in on.
          void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.twoFactor });
        },
        onError: (err) => {
          setChecked(!next);
          setError(err.message || 'Please try again.');
        },
      },
    );
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="grid max-w-prose gap-3 rounded-lg border p-4">
      <h3 id={`${id}-heading`} className="font-semibold">
        Sign-in security
      </h3>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={checked}
          disabled={!isOwner || update.isPending}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => toggle(e.target.checked)}
        />
        <span>
          <span className="font-medium">Require two-factor sign-in for owners</span>
          <span id={`${id}-hint`} className="block text-muted-foreground">
            {isOwner
              ? 'Every owner must have it on first (Settings → Profile & security). While this is on, nobody becomes owner without it.'
              : 'Only owners can change this.'}
          </span>
        </span>
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}
