import { BLOG_ARTICLE_SLUGS } from '@giftrelay/contracts/routes';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { loadDeferredParts } from '@/lib/deferred-part';
import { clearServerData, serverData } from '@/lib/server-data';
import { ErrorPage } from './error-page';
import { loadAppRuntime } from './runtime';

// Every page is its own chunk, so the first load carries only the page it shows. Pages marked
// withoutRuntime use no query client, session or toaster before an interaction asks for them
// (./runtime.ts): the public site's static pages, the blog and its posts (decision 006).
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    // Pages from the app shell show nothing until their code arrives (prerendered ones never wait).
    HydrateFallback: () => null,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: () => import('./routes/home'), handle: { withoutRuntime: true } },
          { path: 'pricing', lazy: () => import('./routes/pricing'), handle: { withoutRuntime: true } },
          { path: 'solutions', lazy: () => import('./routes/solutions'), handle: { withoutRuntime: true } },
          { path: 'docs', lazy: () => import('./routes/docs'), handle: { withoutRuntime: true } },
          { path: 'blog', lazy: () => import('./routes/blog'), handle: { withoutRuntime: true } },
          ...BLOG_ARTICLE_SLUGS.map((slug) => ({
            path: `blog/${slug}`,
            lazy: () => import('./routes/blog-article').then((m) => m.articleRoute(slug)),
            handle: { withoutRuntime: true },
          })),
          // Posts published from the generator (decision 050); the articles' routes above win.
          { path: 'blog/:slug', lazy: () => import('./routes/blog-post'), handle: { withoutRuntime: true } },
          { path: 'lp/:slug', lazy: () => import('./routes/landing-page'), handle: { withoutRuntime: true } },
          { path: 'login', lazy: () => import('./routes/login') },
          { path: 'contact', lazy: () => import('./routes/contact'), handle: { withoutRuntime: true } },
          { path: 'privacy', lazy: () => import('./routes/privacy'), handle: { withoutRuntime: true } },
          { path: 'terms', lazy: () => import('./routes/terms'), handle: { withoutRuntime: true } },
          { path: 'security', lazy: () => import('./routes/security'), handle: { withoutRuntime: true } },
          { path: 'verify/:token', lazy: () => import('./routes/verify-email') },
          { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
          { path: 'reset-password/:token', lazy: () => import('./routes/reset-password') },
          { path: 'confirm-email/:token', lazy: () => import('./routes/confirm-email') },
          { path: 'invitations/:token', lazy: () => import('./routes/accept-invitation') },
          { path: 'mailbox', lazy: () => import('./routes/mailbox') },
          // OAuth consent for assistants (decision 075): signs the person in first, then asks.
          { path: 'oauth/consent', lazy: () => import('./routes/oauth-consent') },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
      // The reward's page is the sender's, not GiftRelay's: no site navigation or footer around it.
      { path: 'claim/:token', lazy: () => import('./routes/claim') },
      {
        // The catalogue in whichever frame the session calls for (./routes/session-frame.tsx).
        path: 'catalog',
        lazy: () => import('./routes/session-frame'),
        children: [{ index: true, lazy: () => import('./routes/catalog') }],
      },
      {
        // Lazy too (the route module lazy-loads the frame), so public pages never download it.
        lazy: () => import('./routes/app-shell'),
        children: [
          { path: 'dashboard', lazy: () => import('./routes/dashboard') },
          // Under the catalogue in the address, but only for the signed in (decision 080).
          { path: 'catalog/choice-sets', lazy: () => import('./routes/choice-sets') },
          { path: 'orders', lazy: () => import('./routes/orders') },
          { path: 'orders/bulk', lazy: () => import('./routes/bulk-send') },
          { path: 'orders/batches', lazy: () => import('./routes/batches') },
          { path: 'orders/batches/:id', lazy: () => import('./routes/batch') },
          { path: 'approvals', lazy: () => import('./routes/approvals') },
          { path: 'review', lazy: () => import('./routes/review') },
          { path: 'analytics', lazy: () => import('./routes/analytics') },
          { path: 'billing', lazy: () => import('./routes/billing') },
          { path: 'settings', lazy: () => import('./routes/settings') },
        ],
      },
      {
        // GiftRelay's own pages (issue 35): the operator area and the marketing studio (decision
        // 048), in the operators' frame; each page is the 404 page to anyone but an operator.
        lazy: () => import('./routes/operator-frame'),
        children: [
          { path: 'operator', lazy: () => import('./routes/operator-pages') },
          ...(
            ['live-requests', 'reward-reviews', 'risk-reviews', 'risk-rules', 'bank-transfers', 'operators'] as const
          ).map((page) => ({
            path: `operator/${page}`,
            lazy: () => import('./routes/operator-pages').then((m) => m.operatorRoute(page)),
          })),
          { path: 'blog/generator', lazy: () => import('./routes/blog-generator') },
          { path: 'landing-page-generator', lazy: () => import('./routes/landing-page-generator') },
          { path: 'marketing/leads', lazy: () => import('./routes/marketing-leads') },
          { path: 'marketing/testimonials', lazy: () => import('./routes/marketing-testimonials') },
          { path: 'marketing/analytics', lazy: () => import('./routes/site-analytics') },
        ],
      },
    ],
  },
];

// Every route but those marked otherwise may read server data or toast: its module and the runtime
// load together, so the client is there before the page renders (./runtime.ts).
const withRuntime = (route: RouteObject) => {
  const { lazy } = route;
  if (typeof lazy === 'function' && !route.handle?.withoutRuntime) {
    route.lazy = () => Promise.all([lazy(), loadAppRuntime()]).then(([loaded]) => loaded);
  }
  route.children?.forEach(withRuntime);
};
routes.forEach(withRuntime);

/**
 * The browser's router. A page the server rendered per request comes with its routes' loader
 * data (lib/server-data.ts), so hydrating it runs no loader and renders what the server did;
 * the first navigation drops that data, so later pages ask the API.
 */
export const createRouter = () => {
  const loaderData = serverData('router');
  const router = createBrowserRouter(routes, loaderData ? { hydrationData: { loaderData } } : undefined);
  const { location } = router.state;
  const stop = router.subscribe((state) => {
    if (state.location === location && state.navigation.state === 'idle') return;
    clearServerData();
    // A navigation changes the router's context above the page's deferred parts: one that stays
    // on the page (a #hash) waits until they can hydrate, so their code loads now (decision 053).
    void loadDeferredParts().catch(() => undefined);
    stop();
  });
  return router;
};

/**
 * Loads the route modules the current URL needs before the first render, so hydrating a
 * prerendered page renders exactly what the server rendered instead of an empty loading state.
 */
export async function loadRoutesFor(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
