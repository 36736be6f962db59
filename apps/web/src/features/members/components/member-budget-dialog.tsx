import type { Member } from '@giftrelay/contracts';
import { BudgetDialog } from '@/components/budgets/budget-dialog';
import { useSetMemberBudget } from '../api/set-member-budget';

/**
 * A member's monthly budget (decision 084), in the organisation's billing currency: what they may
 * send themselves per UTC month, fee included. Empty clears it. Orders past it are refused.
 */
export function MemberBudgetDialog({ member, currency }: { member: Member; currency: string }) {
  const save = useSetMemberBudget();
  return (
    <BudgetDialog
      id={member.user_id}
      holder={member.email}
      budget={member.budget}
      currency={currency}
      saving={save.isPending}
      save={(monthlyMinor, done) => save.mutate({ userId: member.user_id, monthlyMinor }, done)}
      description="What they may send themselves each month (UTC), fee included. Orders and batches past it are refused; voided and expired rewards give their value back. Leave it empty for no budget."
    />
  );
}
