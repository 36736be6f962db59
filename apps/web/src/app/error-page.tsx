import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';

/** What a route that throws shows instead of a blank screen. The stack only in development. */
export function ErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-4 text-center"
    >
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="mt-3 text-muted-foreground" role="alert">
        {message}
      </p>
      {stack && (
        <pre className="mt-4 max-h-64 w-full overflow-auto rounded bg-muted p-3 text-left text-xs">{stack}</pre>
      )}
      {/* A full page load, so the app starts clean after whatever broke. */}
      <a href="/" className={buttonVariants({ className: 'mt-8' })}>
        Return to Home
      </a>
    </main>
  );
}
