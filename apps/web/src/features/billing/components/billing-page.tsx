import { PageHeading } from '@/components/layout/page-heading';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SandboxBadge } from '@/components/ui/sandbox-badge';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/lib/auth/use-can';
import { useSession } from '@/lib/auth/use-session';
import { useBalance } from '../api/get-balance';
import { formatBalance } from '../utils/format-balance';
import { BankTransferPanel } from './bank-transfer-panel';
import { CardFundingSection } from './card-funding-section';
import { CheckoutReturn } from './checkout-return';
import { CurrentPlan } from './current-plan';
import { GoLiveCard } from './go-live-card';
import { SandboxTopUpForm } from './sandbox-top-up-form';
import { SendingFrozenBanner } from './sending-frozen-banner';
import { TransactionsSection } from './transactions-section';

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Card className="p-5">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-2 text-3xl font-bold tabular-nums">{value}</dd>
      <dd className="mt-1 text-sm text-muted-foreground">{note}</dd>
    </Card>
  );
}

/** The organisation's balance, and in sandbox mode a way to add play money. */
export function BillingPage() {
  const balance = useBalance();
  const session = useSession();
  // Adding play money is an owner's or admin's (topUpSandboxBalance): a sender is not offered it.
  const canTopUp = useCan('topUpSandboxBalance');
  return (
    <PageHeading title="Billing">
      {balance.isPending ? (
        <div className="py-16 text-center">
          <Spinner label="Loading your balance" />
        </div>
      ) : balance.isError ? (
        <div role="alert" className="mt-6 flex flex-wrap items-center gap-3 rounded-xl border p-4 text-sm">
          Your balance could not be loaded. {balance.error.message}
          <Button variant="outline" size="sm" onClick={() => balance.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="mt-6 grid gap-6">
          {/* Card funding (decision 046): back from Stripe, and a shortfall that froze sending. */}
          <CheckoutReturn />
          <SendingFrozenBanner />
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>
              Billing currency: <span className="font-medium text-foreground">{balance.data.currency}</span>
            </span>
            {balance.data.sandbox && <SandboxBadge />}
          </div>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Figure
              label="Available"
              value={formatBalance(balance.data.available, balance.data.currency)}
              note="What you can send now."
            />
            <Figure
              label="Held"
              value={formatBalance(balance.data.held, balance.data.currency)}
              note="Set aside for orders being delivered; returned if one fails."
            />
          </dl>
          {session.status === 'signed-in' && (
            <CurrentPlan plan={session.user.organisation.plan} isSandbox={balance.data.sandbox} />
          )}
          <GoLiveCard />
          {!balance.data.sandbox && <CardFundingSection />}
          {balance.data.sandbox && canTopUp ? (
            <Card className="p-5">
              <SandboxTopUpForm currency={balance.data.currency} limits={balance.data.sandbox_limits} />
            </Card>
          ) : null}
          {/* Bank transfers for live organisations; the history and statements (decision 047). */}
          <BankTransferPanel />
          <TransactionsSection balanceVersion={`${balance.data.available_minor}:${balance.data.held_minor}`} />
        </div>
      )}
    </PageHeading>
  );
}
