/** The blog generator, its drafts and the posts published from it (decision 050). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerBlogPages } from './pages';
import { blogRoutes } from './routes';

export const blogPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(blogRoutes, { prefix: '/api/v1' });
    registerBlogPages(app);
  },
  { name: 'blog', dependencies: ['dynamic-pages'] },
);
