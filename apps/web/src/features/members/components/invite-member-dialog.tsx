import type { InvitableRole } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
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
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      size="md"
      title="Invite a member"
      trigger={<Button>Invite member</Button>}
    >
      <DialogDescription className="text-sm text-muted-foreground">
        We email them a link to join. It works for 7 days.
      </DialogDescription>
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
        <DialogActions>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </DialogActions>
      </form>
    </DialogShell>
  );
}
