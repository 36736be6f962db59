import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { CatalogFigures, Figure } from './catalog-figures';

export function HomeHero() {
  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-b from-secondary/60 to-background">
      <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
        <p className="mx-auto inline-flex rounded-full border bg-background px-3 py-1 text-sm font-medium text-muted-foreground">
          Gift cards by email, delivered in under 60 seconds
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">
          Digital Rewards That Scale with Your Business
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
          Send gift cards and prepaid rewards to employees, customers and research participants by email, from the web
          app or with one API call. Transparent fees, no minimums, no spreadsheets.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.catalog} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            View Catalog
          </Link>
          <Link to={paths.signup()} className={buttonVariants({ size: 'lg' })}>
            Get Started Free
          </Link>
        </div>
        <p className="mt-6 text-sm text-muted-foreground">
          Free to sign up · No credit card needed · Sandbox funds to try it
        </p>
        <p className="mt-2 min-h-10 text-sm text-muted-foreground sm:min-h-5" data-testid="hero-catalog-figures">
          <CatalogFigures
            withStats={(s) => (
              <>
                <Figure name="products" value={s.products} /> gift cards from <Figure name="brands" value={s.brands} />{' '}
                brands in <Figure name="countries" value={s.countries} /> countries, ready to send today.
              </>
            )}
            fallback="Gift cards from brands people love, in every market our catalogue covers."
          />
        </p>
      </div>
    </section>
  );
}
