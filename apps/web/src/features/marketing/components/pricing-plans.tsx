import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { PLANS, type Plan } from '../data/pricing';

const planLink = (plan: Plan) =>
  plan.id === 'enterprise' ? paths.contact('sales', 'enterprise') : paths.signup(plan.id);

export function PricingPlans() {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {PLANS.map((plan) => (
        <li
          key={plan.id}
          aria-labelledby={`plan-${plan.id}`}
          className={clsx(
            'relative flex flex-col rounded-2xl border bg-card p-8 shadow-sm',
            plan.isPopular && 'border-primary ring-2 ring-primary',
          )}
        >
          {plan.isPopular && (
            <p className="absolute -top-3 left-8 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
              Most Popular
            </p>
          )}
          <h2 id={`plan-${plan.id}`} className="text-xl font-semibold">
            {plan.name}
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">{plan.summary}</p>
          <p className="mt-6">
            <span className="text-4xl font-bold tracking-tight">{plan.price}</span>
            {plan.period && <span className="ml-1 text-muted-foreground">{plan.period}</span>}
          </p>
          <p className="mt-1 text-sm font-medium text-primary">{plan.fee}</p>
          <ul className="mt-6 flex-1 space-y-3 text-sm">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check aria-hidden className="h-4 w-4 shrink-0 translate-y-0.5 text-primary" />
                {feature}
              </li>
            ))}
          </ul>
          <Link
            to={planLink(plan)}
            aria-describedby={`plan-${plan.id}`}
            className={buttonVariants({ variant: plan.isPopular ? 'default' : 'outline', className: 'mt-8' })}
          >
            {plan.cta}
          </Link>
        </li>
      ))}
    </ul>
  );
}
