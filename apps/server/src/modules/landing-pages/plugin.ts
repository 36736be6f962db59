import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerDynamicPage, registerSitemapSource } from '../../plugins/dynamic-pages';
import { landingDynamicPage } from './page-html';
import { landingPageRoutes } from './routes';
import { findPublishedRow, presentPublished, publishedSlugs } from './service';

const LP_PATH = /^\/lp\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

/** Landing pages (issue 14, decision 051): the operators' API, and /lp/{slug} once published. */
export const landingPagesPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(landingPageRoutes, { prefix: '/api/v1' });

    registerDynamicPage(app, {
      match: (path) => LP_PATH.test(path),
      render: async (path) => {
        const slug = LP_PATH.exec(path)?.[1];
        const row = slug ? await findPublishedRow(app, slug) : undefined;
        if (!row) return null;
        // The web app renders the page with it (apps/web/src/lib/server-data.ts).
        return { ...landingDynamicPage(row, app.config.publicUrl), data: { landingPage: presentPublished(row) } };
      },
    });
    registerSitemapSource(app, async () => (await publishedSlugs(app)).map((p) => `/lp/${p.slug}`));
  },
  { name: 'landing-pages', dependencies: ['auth', 'dynamic-pages'] },
);
