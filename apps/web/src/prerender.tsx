/**
 * Renders the public pages to HTML at build time (scripts/build.mjs), so their content and
 * metadata are in the page before any JavaScript runs. The browser then hydrates them with the
 * same tree (src/main.tsx). The server keeps this bundle (apps/web/dist-ssr) and renders the
 * pages whose content is in its database with it, per request (`renderRoute`).
 */
import { BLOG_ARTICLE_SLUGS, SITEMAP_PATHS } from '@giftrelay/contracts/routes';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { type AppRuntime, loadAppRuntime } from './app/runtime';
import { loadDeferredParts } from './lib/deferred-part';
import { MetaCollectorContext, type ResolvedMeta, renderHeadTags } from './lib/page-meta';
import { type ServerData, setServerData } from './lib/server-data';

/** Pages owned by other parts of the app that render from live data or the URL; served as the app shell. */
const NOT_PRERENDERED = new Set(['/catalog']);

const ROUTE_MODULE: Record<string, string> = {
  '/': 'home',
  '/pricing': 'pricing',
  '/solutions': 'solutions',
  '/docs': 'docs',
  '/blog': 'blog',
  '/contact': 'contact',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/security': 'security',
};

/**
 * Each prerendered page with the source modules its route loads, so the build can tell the
 * browser to fetch their chunks at once instead of after the app's entry has run.
 */
export const PRERENDERED_PAGES: { path: string; modules: string[] }[] = SITEMAP_PATHS.filter(
  (p) => !NOT_PRERENDERED.has(p),
).map((p) => {
  const slug = BLOG_ARTICLE_SLUGS.find((s) => p === `/blog/${s}`);
  // The article's body is a deferred part (decision 053): its chunk loads on intent, not with the page.
  if (slug) return { path: p, modules: ['src/app/routes/blog-article.tsx'] };
  const name = ROUTE_MODULE[p];
  if (!name) throw new Error(`No route module known for the public page ${p}`);
  return { path: p, modules: [`src/app/routes/${name}.tsx`] };
});

/** The modules app/runtime.ts loads, for pages that need it. */
export const RUNTIME_MODULES = ['src/lib/query-client.ts', 'src/components/ui/toaster.tsx'];

/**
 * Routes the server renders per request with data it read (apps/server/src/plugins/web.ts): the
 * route's path as app/router.tsx names it, and its source modules. The build writes a template
 * for each (its page with an empty #root and the scripts it needs); `blog` keeps the prerendered
 * /blog's head, the others get their head from the server.
 */
export const SERVER_RENDERED_ROUTES: {
  route: string;
  modules: string[];
  prerendered?: string;
  needsRuntime: boolean;
}[] = [
  { route: 'blog', modules: ['src/app/routes/blog.tsx'], prerendered: '/blog' },
  { route: 'blog/:slug', modules: ['src/app/routes/blog-post.tsx'] },
  { route: 'lp/:slug', modules: ['src/app/routes/landing-page.tsx'] },
].map((r) => ({ ...r, needsRuntime: needsRuntimeAt(`/${r.route.replace(/:\w+/g, 'x')}`) }));

const lastRoute = (pathname: string) => (matchRoutes(routes, pathname) ?? []).at(-1)?.route;

/** Whether the page renders with the runtime: exactly as the browser will hydrate it (app/router.tsx). */
function needsRuntimeAt(pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some(
    ({ route }) => typeof route.lazy === 'function' && !route.handle?.withoutRuntime,
  );
}

export async function renderPage(pathname: string): Promise<{ html: string; head: string; needsRuntime: boolean }> {
  const needsRuntime = needsRuntimeAt(pathname);
  const runtime = needsRuntime ? await loadAppRuntime() : null;
  const context = await routeContext(pathname);
  const collector: { meta?: ResolvedMeta } = {};
  const html = renderTree(context, collector, runtime);
  if (!collector.meta) throw new Error(`${pathname} sets no page metadata: call usePageMeta`);
  return { html, head: renderHeadTags(collector.meta), needsRuntime };
}

let handler: ReturnType<typeof createStaticHandler> | undefined;

async function routeContext(pathname: string): Promise<StaticHandlerContext> {
  handler ??= createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} while rendering`);
  if (context.errors) throw Object.values(context.errors)[0];
  // The route's modules are loaded now: load the parts whose code the browser defers, so the HTML holds them.
  await loadDeferredParts();
  return context;
}

/** The same tree as src/main.tsx renders (a context provider adds no markup), so hydration matches. */
function renderTree(
  context: StaticHandlerContext,
  collector: { meta?: ResolvedMeta },
  runtime: Awaited<ReturnType<typeof loadAppRuntime>> | null,
): string {
  const router = createStaticRouter(handler?.dataRoutes ?? [], context);
  return renderToString(
    <StrictMode>
      <MetaCollectorContext.Provider value={collector}>
        <AppProviders runtime={runtime}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </MetaCollectorContext.Provider>
    </StrictMode>,
  );
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders #root of a page in SERVER_RENDERED_ROUTES with the data the server read (its loaders
 * and components read it through lib/server-data.ts), for the server to send per request. One
 * render at a time: the data is the module's while a page renders. Answers the route (the
 * template to put it in), the HTML, and the data for the browser (with the routes' loader data),
 * or null for a path no such route renders.
 */
export function renderRoute(
  pathname: string,
  data: ServerData,
): Promise<{ route: string; html: string; data: ServerData } | null> {
  const route = lastRoute(pathname)?.path;
  if (!route || !SERVER_RENDERED_ROUTES.some((r) => r.route === route)) return Promise.resolve(null);
  const render = queue.then(async () => {
    setServerData(data);
    try {
      const context = await routeContext(pathname);
      let runtime: AppRuntime | null = null;
      if (needsRuntimeAt(pathname)) {
        const [base, { createQueryClient }] = await Promise.all([loadAppRuntime(), import('./lib/query-client')]);
        // A query client of its own for each page: nothing one visitor's page read reaches the next.
        runtime = { ...base, queryClient: createQueryClient() };
      }
      const html = renderTree(context, {}, runtime);
      return { route, html, data: { ...data, router: context.loaderData } };
    } finally {
      setServerData({});
    }
  });
  queue = render.catch(() => undefined);
  return render;
}
