import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/auth/use-can';

/**
 * The catalogue opened on one well-known card, so a new organisation's first reward is two clicks
 * away: US dollars, Retail, Amazon.com (in every sandbox catalogue).
 */
export const SUGGESTED_CARD_LINK = `${paths.catalog}?${new URLSearchParams({
  country: 'US',
  currency: 'USD',
  category: 'Retail',
  q: 'Amazon.com',
})}`;

/** The empty state of an organisation that has sent nothing yet. */
export function FirstReward({ isSandbox }: { isSandbox: boolean }) {
  // A viewer cannot send: no invitation to.
  if (!useCan('createOrder')) return null;
  return (
    <Card
      className="mt-6 flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center"
      aria-labelledby="first-reward"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
        <Gift aria-hidden className="size-6" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="first-reward" className="text-lg font-semibold">
          Send your first reward
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Pick a gift card, enter an amount and an email address: the recipient gets a claim link in seconds.
          {isSandbox && ' Your sandbox balance pays for it; sandbox cards have no value.'}
        </p>
      </div>
      <Link to={SUGGESTED_CARD_LINK} className={buttonVariants({ className: 'shrink-0' })}>
        Send an Amazon.com gift card
      </Link>
    </Card>
  );
}
