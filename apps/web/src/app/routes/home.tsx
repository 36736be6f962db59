import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-meta';

export function Component() {
  usePageTitle();
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
      <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">
        Digital Rewards That Scale with Your Business
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
        Send gift cards and prepaid rewards by email in seconds, from the web app or through one API call.
      </p>
      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg" variant="outline">
          <Link to={paths.catalog}>View Catalog</Link>
        </Button>
        <Button asChild size="lg">
          <Link to={paths.login}>Get Started Free</Link>
        </Button>
      </div>
    </section>
  );
}
