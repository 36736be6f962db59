import { PLAN_NAMES, type PlanId } from '@giftrelay/contracts';
import { FEE_RATE_LABEL } from '@giftrelay/money';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** The plan chosen on the pricing page at sign-up; every plan pays the same processing fee. */
export function CurrentPlan({ plan, isSandbox }: { plan: PlanId; isSandbox: boolean }) {
  return (
    <Card className="p-5" aria-labelledby="current-plan">
      <h2 id="current-plan" className="text-sm font-medium text-muted-foreground">
        Current plan
      </h2>
      <p className="mt-2 text-2xl font-bold" data-testid="current-plan">
        {PLAN_NAMES[plan]}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        Every order costs its face value plus the {FEE_RATE_LABEL} processing fee, on every plan.
        {isSandbox && ' Nothing is charged for the plan while your organisation is in sandbox mode.'}{' '}
        <Link to={paths.pricing} className="font-medium text-primary underline-offset-4 hover:underline">
          Compare plans
        </Link>
      </p>
    </Card>
  );
}
