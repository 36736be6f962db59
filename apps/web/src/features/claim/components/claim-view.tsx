import { CLAIM_PENDING_REVIEW_MESSAGE, CLAIM_UNAVAILABLE_MESSAGE } from '@giftrelay/contracts';
import { formatMoney, parseAmount } from '@giftrelay/money';
import { Gift, Printer, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatLocalDate } from '@/lib/format';
import { useClaim } from '../api/get-claim';
import { ChoicePicker } from './choice-picker';
import { CopyField } from './copy-field';

export function ClaimView({ token }: { token: string }) {
  const claim = useClaim(token);
  if (claim.isPending) {
    return (
      <p role="status" className="py-24 text-center text-muted-foreground">
        Loading your reward...
      </p>
    );
  }
  if (claim.isError) {
    const missing = claim.error instanceof ApiError && claim.error.status === 404;
    return (
      <div className="py-24 text-center">
        <h1 className="text-2xl font-semibold">{missing ? 'We could not find this reward' : 'Something went wrong'}</h1>
        <p className="mt-2 text-muted-foreground">
          {missing
            ? 'Check that the link is complete: copy it from your email again, including everything after /claim/.'
            : 'Please try again in a moment.'}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {!missing && <Button onClick={() => void claim.refetch()}>Try again</Button>}
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Go to GiftRelay
          </Link>
        </div>
      </div>
    );
  }
  const c = claim.data;
  const value = formatMoney(parseAmount(c.amount, c.currency) ?? 0, c.currency);
  // A choice reward (decision 080) names no card until the recipient picks one.
  const isChoosing = c.status === 'awaiting_choice';
  return (
    <article className="claim-page mx-auto max-w-lg py-10">
      {/* The sender's name wraps rather than being cut (issue 35: "Acme Corporati…" at 375 px). */}
      <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          {c.sender_logo && (
            <img
              src={c.sender_logo}
              alt={`${c.sender} logo`}
              className="h-10 max-w-[160px] rounded bg-white object-contain"
              data-testid="claim-sender-logo"
            />
          )}
          <p className="min-w-0 break-words text-lg font-semibold" data-testid="claim-sender">
            {c.sender}
          </p>
        </div>
        <Button variant="outline" size="sm" className="print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          Print or save
        </Button>
      </header>
      {c.sandbox && (
        <div
          role="note"
          aria-label="Sandbox card"
          className="mb-4 flex gap-3 rounded-xl border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>
            <span className="font-semibold">Sandbox card: no value. </span>
            {c.sender} sent this while trying GiftRelay out. The code is a test code and cannot be spent anywhere.
          </p>
        </div>
      )}
      <div
        className="rounded-2xl border border-t-4 bg-card p-6 shadow-sm sm:p-8 print:shadow-none"
        style={c.brand_colour ? { borderTopColor: c.brand_colour } : undefined}
        data-testid="claim-card"
        data-brand-colour={c.brand_colour ?? undefined}
      >
        <div className="flex items-center gap-4">
          {c.logo ? (
            <img src={c.logo} alt="" width={56} height={56} className="rounded-lg" />
          ) : (
            <span className="flex size-14 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
              <Gift aria-hidden />
            </span>
          )}
          <div>
            <p className="text-sm text-muted-foreground">{c.sender} sent you</p>
            <h1 className="text-2xl font-bold">
              {isChoosing ? `${value} gift card of your choice` : `${value} ${c.brand}`}
            </h1>
          </div>
        </div>
        {c.message && (
          <blockquote className="mt-6 border-l-4 pl-4 italic text-muted-foreground">{c.message}</blockquote>
        )}
        <div className="mt-6 space-y-4">
          {isChoosing ? (
            <ChoicePicker token={token} />
          ) : c.status === 'issued' && c.code ? (
            <>
              <CopyField label="Code" value={c.code} />
              {c.pin && <CopyField label="PIN" value={c.pin} />}
              {c.redemption_url && (
                <a
                  href={c.redemption_url}
                  className={buttonVariants({ className: 'w-full print:hidden' })}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  Redeem at {c.brand}
                </a>
              )}
            </>
          ) : (
            <p role="status" className="rounded-md bg-muted p-4">
              {c.status === 'failed'
                ? 'This reward could not be issued. The sender has been refunded; please contact them.'
                : c.status === 'expired'
                  ? `This reward expired${c.claim_by ? ` on ${formatLocalDate(c.claim_by)}` : ''} before it was claimed, so there is no code to show. Please contact ${c.sender} if you think this is a mistake.`
                  : c.status === 'voided'
                    ? `${c.sender} cancelled this reward before it was opened, so there is no code to show. Please contact them if you think this is a mistake.`
                    : // Held or blocked by a risk rule (decision 083): neutral words, never the reason.
                      c.status === 'pending_review'
                      ? CLAIM_PENDING_REVIEW_MESSAGE
                      : c.status === 'blocked'
                        ? CLAIM_UNAVAILABLE_MESSAGE
                        : 'Your reward is being issued. This page will show the code in a moment.'}
            </p>
          )}
        </div>
        {c.claim_by && c.status !== 'expired' && (
          <p className="mt-4 text-sm font-medium">Claim by {formatLocalDate(c.claim_by)}</p>
        )}
        {c.expires_at && (
          <p className="mt-4 text-sm text-muted-foreground">Valid until {formatLocalDate(c.expires_at)}</p>
        )}
        {!isChoosing && c.redemption_instructions && (
          <section className="mt-6">
            <h2 className="font-semibold">How to redeem</h2>
            <p className="mt-1 whitespace-pre-line text-sm text-muted-foreground">{c.redemption_instructions}</p>
          </section>
        )}
        {!isChoosing && c.terms && (
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer font-medium">Terms and conditions</summary>
            <p className="mt-2 whitespace-pre-line text-muted-foreground">{c.terms}</p>
          </details>
        )}
      </div>
      <p className="mt-6 text-center text-xs text-muted-foreground">
        Keep your code private: anyone with it can spend it. Delivered by GiftRelay for {c.sender}.
      </p>
    </article>
  );
}
