import { PageHeading } from '@/components/layout/page-heading';
import { Forbidden } from '@/components/ui/forbidden';
import { ApprovalQueue, WaitingBatches } from '@/features/approvals';
import { useMembers } from '@/features/members';
import { useCan } from '@/lib/auth/use-can';
import { useUser } from '@/lib/auth/use-session';

/** The approval queue, for owners and admins; anyone else is told why they cannot decide. */
export function Component() {
  const user = useUser();
  const canDecide = useCan('approveOrder');
  // Who sent each order: the members list (owners and admins may read it) names them.
  const members = useMembers({ enabled: canDecide });
  const senderOf = (userId: string | null) =>
    (userId && members.data?.data.find((m) => m.user_id === userId)?.email) || 'a former member';
  return (
    <PageHeading title="Approvals">
      <p className="mt-2 max-w-prose text-sm text-muted-foreground">
        Orders waiting for an owner or admin. Approving delivers the reward at once; rejecting releases the hold.
      </p>
      <div className="mt-8">
        {canDecide ? (
          <div className="grid gap-8">
            <WaitingBatches senderOf={senderOf} />
            <ApprovalQueue senderOf={senderOf} />
          </div>
        ) : (
          <Forbidden role={user.role} title="Only owners and admins approve orders">
            Orders you send that need approval show as Pending approval in your order history.
          </Forbidden>
        )}
      </div>
    </PageHeading>
  );
}
