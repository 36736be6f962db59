import type { ReactNode } from 'react';

const code = (text: string) => (
  <code className="rounded bg-muted px-1 py-0.5 text-xs [overflow-wrap:anywhere]">{text}</code>
);

const STEPS: { title: string; what: ReactNode }[] = [
  {
    title: 'Real gift cards',
    what: (
      <>
        {code('GIFT_CARD_PROVIDER=tango')} with {code('TANGO_PLATFORM_NAME')}, {code('TANGO_PLATFORM_KEY')},{' '}
        {code('TANGO_CUSTOMER_ID')} and {code('TANGO_ACCOUNT_ID')} from your Tango Card platform;{' '}
        {code('TANGO_BASE_URL')} stays on their test environment until you set production’s.
      </>
    ),
  },
  {
    title: 'Card top-ups',
    what: (
      <>
        {code('STRIPE_SECRET_KEY')} and {code('STRIPE_WEBHOOK_SECRET')}, from a Stripe webhook endpoint pointed at{' '}
        {code('/api/v1/stripe/webhook')}.
      </>
    ),
  },
  {
    title: 'Bank transfers',
    what: (
      <>
        {code('BANK_TRANSFER_BENEFICIARY')}, {code('BANK_TRANSFER_BANK')} and {code('BANK_TRANSFER_ACCOUNT')}, with{' '}
        {code('BANK_TRANSFER_ROUTING')} or {code('BANK_TRANSFER_SWIFT')}.
      </>
    ),
  },
];

/**
 * What an instance without a real gift-card provider needs before anyone can go live (issue 35):
 * the variables (README, "Configuration"), then a restart; or `npm run demo:live` to walk the path
 * on fakes first. Billing shows it to owners and operators, the operators' go-live queue to them.
 */
export function WhatToConfigure({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm" data-testid="what-to-configure">
      <Heading className="font-semibold">What to configure</Heading>
      <p>Set these environment variables on the server, then restart it:</p>
      <ol className="grid list-decimal gap-2 pl-5">
        {STEPS.map((step) => (
          <li key={step.title}>
            <span className="font-medium">{step.title}:</span> {step.what}
          </li>
        ))}
      </ol>
      <p>
        To try the whole path first with play money, start the demo instead: {code('npm run demo:live')} runs GiftRelay
        with a fake Tango and a fake Stripe.
      </p>
    </div>
  );
}
