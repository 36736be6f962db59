import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSubmitLandingLead } from '../api/submit-landing-lead';
import { trackLanding } from '../utils/track';

export interface LeadContext {
  slug: string;
  utm_campaign: string | null;
  primary_keyword: string;
}

/** The page's lead email form (spec sections 4, 5 and 8): idle, submitting, success or error. */
export function LeadForm({ context }: { context: LeadContext }) {
  const [email, setEmail] = useState('');
  const submit = useSubmitLandingLead();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    // An empty email does nothing (spec section 5); the browser checks its form.
    if (!value || submit.isPending) return;
    submit.mutate(
      {
        email: value,
        slug: context.slug,
        utm_campaign: context.utm_campaign ?? undefined,
        primary_keyword: context.primary_keyword,
      },
      {
        onSuccess: () => {
          setEmail('');
          toast.success('Success!', { description: "We'll be in touch soon." });
          trackLanding({ type: 'lead_submitted', ...context });
        },
        onError: () => toast.error('Error', { description: 'Please try again.' }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end" noValidate={false}>
      <div className="grid flex-1 gap-2">
        <Label htmlFor="lead-email">Work email</Label>
        <Input
          id="lead-email"
          type="email"
          name="email"
          required
          maxLength={255}
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="bg-background text-foreground"
        />
      </div>
      <Button type="submit" size="lg" disabled={submit.isPending}>
        {submit.isPending ? 'Sending...' : 'Get in touch'}
      </Button>
    </form>
  );
}
