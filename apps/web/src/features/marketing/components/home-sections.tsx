import {
  ChartColumn,
  Code,
  FlaskConical,
  Globe,
  History,
  type LucideIcon,
  Mail,
  Repeat,
  ShieldCheck,
  Store,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { useApprovedTestimonials } from '@/components/testimonials/use-approved-testimonials';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { COMPLIANCE_BADGES, OPERATIONS_FEATURES, TEAM_KINDS } from '../data/home';
import { CatalogFigures, Figure } from './catalog-figures';
import { SectionHeading } from './section-heading';

export function TeamsStrip() {
  return (
    <section aria-labelledby="teams-heading" className="border-b py-10">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="teams-heading" className="text-center text-sm font-medium text-muted-foreground">
          Built for the teams that say thank you for a living
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
          {TEAM_KINDS.map((team) => (
            <li key={team} className="text-lg font-semibold tracking-tight text-muted-foreground">
              {team}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function FeatureCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border bg-card p-6 shadow-sm">
      <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
        <Icon aria-hidden className="h-5 w-5" />
      </span>
      <h3 className="mt-4 text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-muted-foreground">{children}</p>
    </div>
  );
}

export function FeatureCards() {
  return (
    <section aria-labelledby="features-heading" className="py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="features-heading" eyebrow="Why GiftRelay" title="Rewards without the busywork">
          Pick a card, type an email address, press send. The rest is ours.
        </SectionHeading>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          <FeatureCard icon={Mail} title="Instant delivery">
            Rewards arrive by email in under 60 seconds, with a claim page that shows the code, the PIN and how to
            redeem it.
          </FeatureCard>
          <FeatureCard icon={Store} title="A catalogue people want">
            <CatalogFigures
              withStats={(s) => (
                <>
                  <Figure name="products" value={s.products} /> gift cards from{' '}
                  <Figure name="brands" value={s.brands} /> brands across{' '}
                  <Figure name="countries" value={s.countries} /> countries: retail, dining, entertainment and more.
                </>
              )}
              fallback="Gift cards from well-known retail, dining and entertainment brands, in the recipient’s own currency."
            />
          </FeatureCard>
          <FeatureCard icon={Code} title="An API built for automation">
            A JSON API with bearer tokens, idempotent orders and the events order.created, order.completed and
            order.failed.
          </FeatureCard>
        </div>
      </div>
    </section>
  );
}

/**
 * What customers said, as approved in the studio's Testimonials tool (as landing pages show them):
 * none approved, no section, rather than quotes from people who never said them (issue 35).
 */
export function Testimonials() {
  const testimonials = useApprovedTestimonials(3);
  if (!testimonials.length) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="bg-muted/50 py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading
          id="testimonials-heading"
          eyebrow="In their words"
          title="Teams that stopped chasing gift cards"
        />
        {/* Centred, so one or two approved quotes do not sit in a row made for three. */}
        <ul className="mt-12 flex flex-wrap justify-center gap-6">
          {testimonials.map((t) => (
            <li key={t.id} className="flex w-full md:w-[calc((100%-3rem)/3)]">
              <figure className="flex w-full flex-col justify-between rounded-xl border bg-card p-6 shadow-sm">
                <blockquote className="break-words text-foreground">“{t.quote}”</blockquote>
                <figcaption className="mt-6 text-sm">
                  <span className="font-semibold">{t.author_name}</span>
                  {(t.role || t.company) && (
                    <span className="block text-muted-foreground">
                      {[t.role, t.company].filter(Boolean).join(', ')}
                    </span>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ComplianceStrip() {
  return (
    <section aria-labelledby="security-heading" className="py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="security-heading" eyebrow="Security and compliance" title="Safe with codes worth money">
          Gift-card codes are cash. We treat them that way.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {COMPLIANCE_BADGES.map((badge) => (
            <li key={badge.title} className="flex gap-4 rounded-xl border p-6">
              <ShieldCheck aria-hidden className="h-6 w-6 shrink-0 text-primary" />
              <div>
                <h3 className="font-semibold">{badge.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{badge.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to={paths.security} className={buttonVariants({ variant: 'outline' })}>
            View Security Docs
          </Link>
        </div>
      </div>
    </section>
  );
}

export function CategoriesStrip() {
  return (
    <section aria-labelledby="categories-heading" className="border-y bg-muted/50 py-10">
      <div className="mx-auto max-w-6xl px-4 text-center">
        <h2 id="categories-heading" className="text-sm font-medium text-muted-foreground">
          Rewards in every category the catalogue covers
        </h2>
        <div className="mt-6 min-h-14">
          <CatalogFigures
            withStats={(s) => (
              <ul className="flex flex-wrap items-center justify-center gap-x-8 gap-y-3">
                {s.categories.slice(0, 8).map((c) => (
                  <li key={c.name} className="text-lg font-semibold tracking-tight">
                    {c.name} <span className="text-sm font-normal text-muted-foreground">({c.count})</span>
                  </li>
                ))}
              </ul>
            )}
            fallback={<p className="text-lg font-semibold tracking-tight">Retail, dining, entertainment and more</p>}
          />
        </div>
      </div>
    </section>
  );
}

const OPS_ICONS: Record<(typeof OPERATIONS_FEATURES)[number]['icon'], LucideIcon> = {
  dashboard: ChartColumn,
  history: History,
  wallet: Wallet,
  repeat: Repeat,
  flask: FlaskConical,
  globe: Globe,
};

export function OperationsGrid() {
  return (
    <section aria-labelledby="operations-heading" className="py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="operations-heading" eyebrow="For the people who run it" title="Built for Operations Teams">
          Everything finance asks for at month end, and everything engineering asks for on day one.
        </SectionHeading>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {OPERATIONS_FEATURES.map((f) => (
            <FeatureCard key={f.title} icon={OPS_ICONS[f.icon]} title={f.title}>
              {f.text}
            </FeatureCard>
          ))}
        </div>
      </div>
    </section>
  );
}

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-heading" className="px-4 pb-20">
      <div className="mx-auto max-w-4xl rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
          Send your first reward in minutes
        </h2>
        <p className="mx-auto mt-4 max-w-xl opacity-90">
          Sign up free, try everything with sandbox funds, and go live when you are ready.
        </p>
        <Link to={paths.signup()} className={buttonVariants({ size: 'lg', variant: 'secondary', className: 'mt-8' })}>
          Get Started Free
        </Link>
      </div>
    </section>
  );
}
