import type { InvitableRole } from '@giftrelay/contracts';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useCreateInvitation } from '../api/create-invitation';
import { ROLE_HINTS, ROLE_LABELS } from '../roles';

const INVITABLE: InvitableRole[] = ['admin', 'sender', 'viewer'];

/** Invites a colleague by email with a role; the email carries a link that works for 7 days. */
export function InviteMemberDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('sender');
  const [error, setError] = useState<string>();
  const invite = useCreateInvitation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    const trimmed = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) {
      setError('Enter an email address such as name@company.com');
      return;
    }
    setError(undefined);
    invite.mutate(
      { email: trimmed, role },
      {
        onSuccess: ({ invitation }) => {
          toast.success('Invitation sent', { description: `${invitation.email} can join as ${ROLE_LABELS[role]}.` });
          setEmail('');
          setOpen(false);
        },
        onError: (err) => setError(err instanceof ApiError && err.message ? err.message : 'Please try again.'),
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button>Invite member</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-5 shadow-xl sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">Invite a member</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2 shrink-0">
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-muted-foreground">
            We email them a link to join. It works for 7 days.
          </Dialog.Description>
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <FormField id={`${id}-email`} label="Email" error={error}>
              <Input
                {...fieldProps(`${id}-email`, error)}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                maxLength={255}
              />
            </FormField>
            <FormField id={`${id}-role`} label="Role">
              <Select value={role} onValueChange={(v) => setRole(v as InvitableRole)}>
                <SelectTrigger id={`${id}-role`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {INVITABLE.map((r) => (
                    <SelectItem key={r} value={r} hint={ROLE_HINTS[r]} hintLabel={ROLE_HINTS[r]}>
                      {ROLE_LABELS[r]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending ? 'Sending...' : 'Send invitation'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
