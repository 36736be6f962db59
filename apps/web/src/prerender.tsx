/**
 * Renders the public pages to HTML at build time (scripts/build.mjs), so their content and
 * metadata are in the page before any JavaScript runs. The browser then hydrates them with the
 * same tree (src/main.tsx).
 */
import { BLOG_ARTICLE_SLUGS, SITEMAP_PATHS } from '@giftrelay/contracts/routes';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { loadAppRuntime } from './app/runtime';
import { MetaCollectorContext, type ResolvedMeta, renderHeadTags } from './lib/page-meta';

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
};

/**
 * Each prerendered page with the source modules its route loads, so the build can tell the
 * browser to fetch their chunks at once instead of after the app's entry has run.
 */
export const PRERENDERED_PAGES: { path: string; modules: string[] }[] = SITEMAP_PATHS.filter(
  (p) => !NOT_PRERENDERED.has(p),
).map((p) => {
  const slug = BLOG_ARTICLE_SLUGS.find((s) => p === `/blog/${s}`);
  if (slug) {
    return { path: p, modules: ['src/app/routes/blog-article.tsx', `src/features/blog/content/${slug}.md?raw`] };
  }
  const name = ROUTE_MODULE[p];
  if (!name) throw new Error(`No route module known for the public page ${p}`);
  return { path: p, modules: [`src/app/routes/${name}.tsx`] };
});

/** The modules app/runtime.ts loads, for pages that need it. */
export const RUNTIME_MODULES = ['src/lib/query-client.ts', 'src/components/ui/toaster.tsx'];

export async function renderPage(pathname: string): Promise<{ html: string; head: string; needsRuntime: boolean }> {
  // Render exactly what the browser will hydrate: with the runtime only where the route loads it.
  const needsRuntime = (matchRoutes(routes, pathname) ?? []).some(
    ({ route }) => typeof route.lazy === 'function' && !route.handle?.withoutRuntime,
  );
  const runtime = needsRuntime ? await loadAppRuntime() : null;
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(`http://prerender.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} while prerendering`);
  if (context.errors) throw Object.values(context.errors)[0];
  const router = createStaticRouter(dataRoutes, context);
  const collector: { meta?: ResolvedMeta } = {};
  // The same tree as src/main.tsx renders (a context provider adds no markup), so hydration matches.
  const html = renderToString(
    <StrictMode>
      <MetaCollectorContext.Provider value={collector}>
        <AppProviders runtime={runtime}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </MetaCollectorContext.Provider>
    </StrictMode>,
  );
  if (!collector.meta) throw new Error(`${pathname} sets no page metadata: call usePageMeta`);
  return { html, head: renderHeadTags(collector.meta), needsRuntime };
}
