import { formatMoney } from '@giftrelay/money';
import type { SendSums } from '../utils/send-form';

interface SendSummaryProps {
  sums: SendSums | undefined;
  currency: string;
  /** The billing currency when it differs from the product's; how its rate is coming along. */
  /** `held`: the rate is an FX quote held for the organisation, the very rate the order pays. */
  charge?: { currency: string; state: 'loading' | 'error' | 'ready'; held?: boolean };
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between gap-4 font-semibold' : 'flex justify-between gap-4'}>
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** Subtotal, the 2.5% fee and the total, and what the balance is charged when currencies differ. */
export function SendSummary({ sums, currency, charge }: SendSummaryProps) {
  const money = (minor: number | undefined, c = currency) => (minor === undefined ? '—' : formatMoney(minor, c));
  const charged = sums?.charged;
  return (
    <section aria-label="Summary" className="grid gap-2 rounded-lg bg-muted/60 p-4 text-sm">
      <dl className="grid gap-2">
        <Row label="Subtotal" value={money(sums?.subtotal)} />
        <Row label="Processing Fee (2.5%)" value={money(sums?.fee)} />
        <Row label="Total" value={money(sums?.total)} strong />
        {charge && (
          <div className="mt-1 border-t pt-2">
            <Row
              label={`Charged in ${charge.currency}`}
              value={
                charged
                  ? formatMoney(charged.total, charged.currency)
                  : charge.state === 'loading' && sums
                    ? 'Getting the rate…'
                    : '—'
              }
              strong
            />
          </div>
        )}
      </dl>
      {charge && charged && (
        <p className="text-xs text-muted-foreground">
          {formatMoney(charged.subtotal, charged.currency)} + {formatMoney(charged.fee, charged.currency)} fee, at 1{' '}
          {currency} = {charged.rate} {charged.currency}.{' '}
          {charge.held
            ? 'This rate is held for you while this window is open: the total above is what you pay.'
            : 'The rate is fixed when you send.'}
        </p>
      )}
      {charge?.state === 'error' && (
        <p className="text-xs text-muted-foreground">
          The rate could not be loaded; the charge in {charge.currency} is worked out when you send.
        </p>
      )}
    </section>
  );
}
