import type { FundingInstructions } from '@giftrelay/contracts';
import { Landmark } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { useFundingInstructions } from '../api/get-funding-instructions';

const COPY_STYLE = 'text-muted-foreground hover:bg-muted hover:text-foreground';

function Detail({ label, value, copy = true }: { label: string; value: string; copy?: boolean }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:items-center sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex items-center gap-1 font-medium break-all">
        <span>{value}</span>
        {copy && <CopyButton text={value} label={`Copy ${label.toLowerCase()}`} className={COPY_STYLE} />}
      </dd>
    </div>
  );
}

/** Funding a live organisation by bank transfer: the account, and the reference that finds the money. */
export function BankTransferPanel() {
  const instructions = useFundingInstructions();
  return (
    <Card className="p-5">
      <section aria-labelledby="bank-transfer-heading" className="grid gap-3">
        <h2 id="bank-transfer-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Landmark aria-hidden className="size-5" />
          Fund by bank transfer
        </h2>
        {instructions.isPending ? (
          <ListSkeleton label="Loading the bank details" rowClassName="h-24 rounded-lg" />
        ) : instructions.isError ? (
          <LoadError
            title="We could not load the bank details."
            error={instructions.error}
            onRetry={() => instructions.refetch()}
            isRetrying={instructions.isFetching}
          />
        ) : instructions.data.bank_transfer.status === 'sandbox' ? (
          <p className="text-sm text-muted-foreground">
            Bank transfers fund live organisations. This is a sandbox organisation: its money is play money, added
            above. Once your organisation is live, the account to pay into and your reference appear here.
          </p>
        ) : instructions.data.bank_transfer.status === 'not_configured' ? (
          <p className="text-sm text-muted-foreground">
            Bank transfer is not set up on this instance. Contact GiftRelay to fund your balance another way.
          </p>
        ) : (
          <BankDetails details={instructions.data.bank_transfer} />
        )}
      </section>
    </Card>
  );
}

type Available = Extract<FundingInstructions['bank_transfer'], { status: 'available' }>;

function BankDetails({ details }: { details: Available }) {
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Send {details.currency} from your bank to this account. Quote your reference exactly: it is how your transfer
        finds your organisation.
      </p>
      <dl className="grid gap-2">
        <Detail label="Beneficiary" value={details.beneficiary} />
        <Detail label="Bank" value={details.bank_name} copy={false} />
        {details.bank_address && <Detail label="Bank address" value={details.bank_address} copy={false} />}
        <Detail label="Account number / IBAN" value={details.account_number} />
        {details.routing_number && <Detail label="Routing number" value={details.routing_number} />}
        {details.swift_code && <Detail label="SWIFT / BIC" value={details.swift_code} />}
      </dl>
      <div className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950">
        <p className="text-sm font-medium text-amber-900 dark:text-amber-100">Reference (required)</p>
        <p className="flex items-center gap-1">
          <span className="font-mono text-lg font-semibold tracking-wider" data-testid="bank-reference">
            {details.reference}
          </span>
          <CopyButton text={details.reference} label="Copy reference" className={COPY_STYLE} />
        </p>
        <p className="text-xs text-amber-900 dark:text-amber-100">A transfer without it may take weeks to match.</p>
      </div>
      <p className="text-sm text-muted-foreground">{details.processing_time}</p>
    </>
  );
}
