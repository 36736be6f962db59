import type { CtaType, LandingCopy, OfferType } from '@giftrelay/contracts';
import { ctaLabel, titleCase } from '@giftrelay/contracts/landing-page-basics';
import { CheckCircle2 } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Accordion } from '@/components/ui/accordion';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card } from '@/components/ui/card';
import { PlainSpinner } from '@/components/ui/plain-spinner';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/use-hydrated';
import { trackLanding } from '../utils/track';
import { LandingTestimonials } from './landing-testimonials';

// The form (its mutation, toasts and validation) arrives after the page's content.
const LeadForm = lazy(() => import('./lead-form').then((m) => ({ default: m.LeadForm })));

export interface LandingContent {
  slug: string;
  primary_keyword: string;
  offer_type: OfferType;
  utm_campaign: string;
  heroImageUrl: string;
  copy: LandingCopy;
}

type UseCase = 'hr' | 'marketing' | 'finance';

/** Both the server's first paint and this page put the content first; every control is a plain link or button. */
export function LandingPageView({ content }: { content: LandingContent }) {
  const { slug, copy } = content;
  const context = {
    slug,
    utm_campaign: content.utm_campaign || null,
    primary_keyword: content.primary_keyword,
  };
  const [useCase, setUseCase] = useState<UseCase>('hr');
  const shownUseCase = useRef<UseCase>('hr');

  const utmCampaign = content.utm_campaign || null;
  const keyword = content.primary_keyword;
  useEffect(() => {
    // One view per page shown.
    trackLanding({ type: 'page_view', slug, utm_campaign: utmCampaign, primary_keyword: keyword });
  }, [slug, utmCampaign, keyword]);

  const click = (cta_type: CtaType) => trackLanding({ type: 'cta_click', cta_type, ...context });
  const toForm = (cta_type: CtaType) => () => {
    click(cta_type);
    document.getElementById('lead-form')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // The visitor can type at once (the form's code may still be arriving: then the section has focus).
    const email = document.getElementById('lead-email');
    (email ?? document.getElementById('lead-form'))?.focus({ preventScroll: true });
  };
  const primaryToSignUp = content.offer_type === 'free_account' || content.offer_type === 'trial';

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <section className="grid items-center gap-10 md:grid-cols-2">
        <div>
          <h1 className="font-bold text-4xl tracking-tight">{titleCase(content.primary_keyword)}</h1>
          <p className="mt-3 font-semibold text-primary text-xl">{copy.headline}</p>
          <p className="mt-4 text-lg text-muted-foreground">{copy.subheadline}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            {primaryToSignUp ? (
              <Link to={paths.signup()} className={buttonVariants({ size: 'lg' })} onClick={() => click('primary')}>
                {ctaLabel(content.offer_type)}
              </Link>
            ) : (
              <button type="button" className={buttonVariants({ size: 'lg' })} onClick={toForm('primary')}>
                {ctaLabel(content.offer_type)}
              </button>
            )}
            <button
              type="button"
              className={buttonVariants({ size: 'lg', variant: 'outline' })}
              onClick={toForm('secondary')}
            >
              Book a Demo
            </button>
          </div>
        </div>
        <img
          src={content.heroImageUrl}
          alt={content.primary_keyword}
          width={960}
          height={540}
          className="h-auto w-full rounded-2xl"
        />
      </section>

      {/* The catalogue's own size and brands, set by the server when the copy was written; pages
          written before then have none, and claim nothing rather than a figure nobody checked. */}
      {copy.brands && copy.brands.names.length > 0 && (
        <section aria-label="Brands" className="mt-14 rounded-xl bg-muted px-4 py-6">
          <p className="text-center font-medium text-muted-foreground text-sm">{copy.brands.lead}</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-x-8 gap-y-2 font-semibold text-lg">
            {copy.brands.names.map((brand) => (
              <li key={brand}>{brand}</li>
            ))}
          </ul>
        </section>
      )}

      <section className="mt-16">
        <h2 className="font-bold text-2xl">Why teams choose GiftRelay</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {copy.benefits.map((b) => (
            <li key={b.title}>
              <Card className="h-full p-6">
                <CheckCircle2 aria-hidden className="h-6 w-6 text-primary" />
                <h3 className="mt-3 font-semibold">{b.title}</h3>
                <p className="mt-2 text-muted-foreground">{b.body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-16">
        <h2 className="font-bold text-2xl">Up and running in 3 steps</h2>
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          {copy.steps.map((s, i) => (
            <li key={s.title} className="flex gap-4">
              <span
                aria-hidden
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{s.title}</h3>
                <p className="mt-1 text-muted-foreground">{s.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      {/* Three tabs: one row of three at every width (the segmented list is made for four). */}
      <section className="mt-16 [&_[role=tablist]]:max-w-xl [&_[role=tablist]]:grid-cols-3">
        <h2 className="mb-6 font-bold text-2xl">Use cases</h2>
        <Tabs
          label="Use cases by team"
          variant="segmented"
          value={useCase}
          onValueChange={(value) => {
            // Radix tells a pointer's press and the focus it gives both; one choice is one click.
            if (value === shownUseCase.current) return;
            shownUseCase.current = value;
            setUseCase(value);
            click(`use_case_${value}`);
          }}
          items={(['hr', 'marketing', 'finance'] as const).map((id) => ({
            id,
            label: id === 'hr' ? 'HR' : id === 'marketing' ? 'Marketing' : 'Finance',
            panel: (
              <Card className="p-6">
                <h3 className="font-semibold text-xl">{copy.use_cases[id].title}</h3>
                <p className="mt-2 text-muted-foreground">{copy.use_cases[id].body}</p>
                <ul className="mt-4 grid gap-2">
                  {copy.use_cases[id].points.map((point) => (
                    <li key={point} className="flex items-start gap-2">
                      <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
                      {point}
                    </li>
                  ))}
                </ul>
              </Card>
            ),
          }))}
        />
      </section>

      <LandingTestimonials />

      <section className="mt-16">
        <h2 className="mb-6 font-bold text-2xl">Frequently asked questions</h2>
        <Accordion items={copy.faq} />
      </section>

      <section
        id="lead-form"
        tabIndex={-1}
        className="mt-16 scroll-mt-24 rounded-2xl bg-secondary p-6 text-secondary-foreground sm:p-10"
      >
        <h2 className="font-bold text-2xl">{ctaLabel(content.offer_type)}</h2>
        <p className="mt-2">Leave your work email and our team will be in touch within one business day.</p>
        <LeadFormSlot context={context} />
      </section>
    </div>
  );
}

/**
 * The lead form, once the page is live: a page rendered on the server hydrates with the spinner
 * (the form's code is not there yet), then loads it. Its own component, so only it renders again.
 */
function LeadFormSlot({ context }: { context: ComponentProps<typeof LeadForm>['context'] }) {
  const spinner = <PlainSpinner label="Loading" />;
  return useHydrated() ? (
    <Suspense fallback={spinner}>
      <LeadForm context={context} />
    </Suspense>
  ) : (
    spinner
  );
}
