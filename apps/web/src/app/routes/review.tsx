import { PageHeading } from '@/components/layout/page-heading';
import { Forbidden } from '@/components/ui/forbidden';
import { ReviewQueue } from '@/features/risk';
import { useCan } from '@/lib/auth/use-can';
import { useUser } from '@/lib/auth/use-session';

/** The review queue (decision 083), for owners and admins; anyone else is told why they cannot decide. */
export function Component() {
  const user = useUser();
  const canDecide = useCan('releaseRiskReview');
  return (
    <PageHeading title="Review">
      <p className="mt-2 max-w-prose text-sm text-muted-foreground">
        Rewards your risk rules held, their amount held meanwhile. Releasing sends the reward (or shows its code on the
        claim page); blocking returns the amount to the balance, and the recipient is told only that it is not
        available.
      </p>
      <div className="mt-8">
        {canDecide ? (
          <ReviewQueue scope="organisation" />
        ) : (
          <Forbidden role={user.role} title="Only owners and admins review held rewards">
            Rewards you send that a rule holds show as Pending review in your order history.
          </Forbidden>
        )}
      </div>
    </PageHeading>
  );
}
