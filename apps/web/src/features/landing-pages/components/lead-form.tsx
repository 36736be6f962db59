import { type FormEvent, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-classes';
import { showToast } from '@/components/ui/lazy-toast';
import { submitLandingLead } from '../api/submit-landing-lead';
import { trackLanding } from '../utils/track';

export interface LeadContext {
  slug: string;
  utm_campaign: string | null;
  primary_keyword: string;
}

/**
 * The page's lead email form (spec sections 4, 5 and 8): idle, submitting, success or error. A
 * visitor's page has no query client, toaster or `cn` (docs/decisions/006): a plain call, and the
 * toaster loads with the answer.
 */
export function LeadForm({ context }: { context: LeadContext }) {
  const [email, setEmail] = useState('');
  const [isPending, setIsPending] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    // An empty email does nothing (spec section 5); the browser checks its form.
    if (!value || isPending) return;
    setIsPending(true);
    submitLandingLead({
      email: value,
      slug: context.slug,
      utm_campaign: context.utm_campaign ?? undefined,
      primary_keyword: context.primary_keyword,
    })
      .then(
        () => {
          setEmail('');
          void showToast((toast) => toast.success('Success!', { description: "We'll be in touch soon." }));
          trackLanding({ type: 'lead_submitted', ...context });
        },
        () => void showToast((toast) => toast.error('Error', { description: 'Please try again.' })),
      )
      .finally(() => setIsPending(false));
  };

  return (
    <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end" noValidate={false}>
      <div className="grid flex-1 gap-2">
        <label htmlFor="lead-email" className={LABEL_CLASS}>
          Work email
        </label>
        <input
          id="lead-email"
          type="email"
          name="email"
          required
          maxLength={255}
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className={`${INPUT_CLASS} text-foreground`}
        />
      </div>
      <button type="submit" className={buttonVariants({ size: 'lg' })} disabled={isPending}>
        {isPending ? 'Sending...' : 'Get in touch'}
      </button>
    </form>
  );
}
