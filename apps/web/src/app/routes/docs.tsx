import { DocsTabs } from '@/features/docs';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  usePageMeta({
    title: 'API Documentation',
    description:
      'The GiftRelay REST API: bearer-token authentication, listing products, idempotent orders, order events and error codes, with curl examples for every call.',
    keywords: ['gift card API', 'rewards API documentation', 'idempotency key', 'REST API'],
  });
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-4xl font-bold tracking-tight">API Documentation</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        Send rewards from your own systems with a JSON API, bearer tokens and idempotent orders.
      </p>
      <div className="mt-10">
        <DocsTabs />
      </div>
    </div>
  );
}
