import type { Invitation, Member, Role } from '@giftrelay/contracts';
import { Mail, Users } from 'lucide-react';
import { toast } from 'sonner';
import { BudgetLine } from '@/components/budgets/budget-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Forbidden } from '@/components/ui/forbidden';
import { ListSkeleton, ListStates } from '@/components/ui/list-states';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCan } from '@/lib/auth/use-can';
import { useUser } from '@/lib/auth/use-session';
import { formatLocalDate } from '@/lib/format';
import { useInvitations } from '../api/list-invitations';
import { useMembers } from '../api/list-members';
import { useRemoveMember } from '../api/remove-member';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useTransferOwnership } from '../api/transfer-ownership';
import { useUpdateMemberRole } from '../api/update-member-role';
import { assignableRoles, ROLE_LABELS } from '../roles';
import { InviteMemberDialog } from './invite-member-dialog';
import { MemberBudgetDialog } from './member-budget-dialog';

const failed = (title: string) => (err: unknown) =>
  toast.error(title, { description: err instanceof Error && err.message ? err.message : 'Please try again.' });

/** Settings → Members: who belongs to the organisation, their roles, and open invitations. */
export function MembersSection() {
  const user = useUser();
  const canManage = useCan('listMembers');
  return (
    <section aria-labelledby="members-heading" className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="members-heading" className="text-lg font-semibold">
            Members
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Owners and admins invite colleagues and choose what they can do: senders send rewards, viewers read.
          </p>
        </div>
        {canManage && <InviteMemberDialog />}
      </div>
      {canManage ? (
        <>
          <MemberList actor={user.role} />
          <InvitationList />
        </>
      ) : (
        <Forbidden role={user.role} title="Only owners and admins manage members" />
      )}
    </section>
  );
}

const MembersSkeleton = ({ label }: { label: string }) => (
  <ListSkeleton label={label} rows={2} rowClassName="h-14 rounded-lg" />
);

function MemberList({ actor }: { actor: Role }) {
  const members = useMembers();
  return (
    <ListStates
      query={members}
      loading={<MembersSkeleton label="Loading members" />}
      errorTitle="We could not load the members."
    >
      {(data) => (
        <ul className="divide-y rounded-xl border" aria-label="Members">
          {data.data.map((m) => (
            <MemberRow key={m.user_id} member={m} actor={actor} />
          ))}
        </ul>
      )}
    </ListStates>
  );
}

function MemberRow({ member, actor }: { member: Member; actor: Role }) {
  const currency = useUser().organisation.billing_currency;
  const update = useUpdateMemberRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const roles = member.is_you ? null : assignableRoles(actor, member.role);
  const changeRole = (role: string) =>
    update.mutate(
      { userId: member.user_id, role: role as Role },
      {
        onSuccess: () =>
          toast.success('Role changed', { description: `${member.email} is now ${ROLE_LABELS[role as Role]}.` }),
        onError: failed('Could not change the role'),
      },
    );
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="member-row">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{member.email}</span>
          {member.is_you && <Badge variant="secondary">You</Badge>}
        </div>
        <p className="text-xs text-muted-foreground">Joined {formatLocalDate(member.joined_at)}</p>
        <BudgetLine budget={member.budget} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {roles ? (
          <Select value={member.role} onValueChange={changeRole} disabled={update.isPending}>
            <SelectTrigger className="w-32" aria-label={`Role of ${member.email}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {roles.map((r) => (
                <SelectItem key={r} value={r}>
                  {ROLE_LABELS[r]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : (
          <Badge variant="outline">{ROLE_LABELS[member.role]}</Badge>
        )}
        {member.role !== 'viewer' && <MemberBudgetDialog member={member} currency={currency} />}
        {actor === 'owner' && !member.is_you && member.role !== 'owner' && (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={`Make ${member.email} owner`}>
                Make owner
              </Button>
            }
            title={`Make ${member.email} the owner?`}
            description="They get every right, ownership included. You become an admin."
            confirmLabel="Transfer ownership"
            onConfirm={() =>
              transfer.mutate(member.user_id, {
                onSuccess: () => {
                  toast.success('Ownership transferred', { description: `${member.email} is now the owner.` });
                  window.location.reload();
                },
                onError: failed('Could not transfer ownership'),
              })
            }
          />
        )}
        {roles && (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={`Remove ${member.email}`} disabled={remove.isPending}>
                Remove
              </Button>
            }
            title={`Remove ${member.email}?`}
            description={`They lose access to this organisation at once and are signed out of it.${
              member.active_api_keys > 0
                ? ` The ${member.active_api_keys === 1 ? 'API key' : `${member.active_api_keys} API keys`} they created will be revoked.`
                : ''
            }`}
            confirmLabel="Remove member"
            onConfirm={() =>
              remove.mutate(member.user_id, {
                onSuccess: () =>
                  toast.success('Member removed', { description: `${member.email} no longer has access.` }),
                onError: failed('Could not remove the member'),
              })
            }
          />
        )}
      </div>
    </li>
  );
}

function InvitationList() {
  const invitations = useInvitations();
  return (
    <section aria-labelledby="invitations-heading" className="grid gap-3">
      <h3 id="invitations-heading" className="font-semibold">
        Invitations
      </h3>
      <ListStates
        query={invitations}
        loading={<MembersSkeleton label="Loading invitations" />}
        errorTitle="We could not load the invitations."
        isEmpty={(data) => data.data.length === 0}
        empty={
          <div className="grid justify-items-center gap-2 rounded-xl border border-dashed p-6 text-center">
            <Users aria-hidden className="size-7 text-muted-foreground" />
            <p className="text-sm text-muted-foreground">No open invitations.</p>
          </div>
        }
      >
        {(data) => (
          <ul className="divide-y rounded-xl border" aria-label="Invitations">
            {data.data.map((i) => (
              <InvitationRow key={i.id} invitation={i} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="invitation-row">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Mail aria-hidden className="size-4 text-muted-foreground" />
          <span className="truncate font-medium">{invitation.email}</span>
          <Badge variant="outline">{ROLE_LABELS[invitation.role]}</Badge>
          {invitation.status === 'expired' && <Badge variant="warning">Expired</Badge>}
        </div>
        <p className="text-xs text-muted-foreground">
          {invitation.status === 'expired' ? 'Expired' : 'Expires'} {formatLocalDate(invitation.expires_at)}
          {invitation.invited_by ? ` · invited by ${invitation.invited_by.email}` : ''}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Resend the invitation to ${invitation.email}`}
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () =>
                toast.success('Invitation resent', { description: `A new link is on its way to ${invitation.email}.` }),
              onError: failed('Could not resend the invitation'),
            })
          }
        >
          {resend.isPending ? 'Resending...' : 'Resend'}
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" aria-label={`Revoke the invitation to ${invitation.email}`}>
              Revoke
            </Button>
          }
          title={`Revoke the invitation to ${invitation.email}?`}
          description="The link in their email stops working."
          confirmLabel="Revoke invitation"
          onConfirm={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () => toast.success('Invitation revoked'),
              onError: failed('Could not revoke the invitation'),
            })
          }
        />
      </div>
    </li>
  );
}
