import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  const location = useLocation();
  usePageMeta({ title: 'Page not found', noindex: true });
  useEffect(() => {
    // The server logs the path too when the page is loaded directly; this covers in-app links.
    console.warn('404: no page at', location.pathname);
  }, [location.pathname]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Oops! Page not found</h1>
      <p className="mt-2 text-muted-foreground">
        There is nothing at <code className="break-all">{location.pathname}</code>.
      </p>
      <Link to={paths.home} className={buttonVariants({ className: 'mt-8' })}>
        Return to Home
      </Link>
    </section>
  );
}
