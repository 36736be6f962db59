import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '@giftrelay/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { webDistDir } from '../lib/paths';
import { errorBody } from './errors';

const NOT_BUILT_HTML =
  '<!doctype html><meta charset="utf-8"><title>GiftRelay</title><p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>';

/**
 * Serves the built web app: hashed assets with a year of caching (and their pre-compressed .br
 * and .gz twins), every app route as the app's HTML so a reload anywhere works, and unknown
 * paths as that HTML with a 404 status, logged. Anything under /api that no route answers is a
 * JSON 404.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir?: string }) => {
    const dist = opts.distDir ?? webDistDir();
    const indexFile = path.join(dist, 'index.html');
    const built = existsSync(indexFile);
    const indexHtml = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT_HTML;
    // Pages prerendered at build time live at dist/<path>/index.html.
    const prerendered = built ? findPrerendered(dist) : new Map<string, string>();

    if (built) {
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
          );
        },
      });
    } else {
      app.log.warn({ dist }, 'web app not built: pages will ask to run the build');
    }

    const sendHtml = (reply: FastifyReply, status: number, html: string) =>
      reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        return reply.status(404).send(errorBody('NOT_FOUND', `No route for ${request.method} ${pathname}`));
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send(errorBody('NOT_FOUND', `No route for ${request.method} ${pathname}`));
      }
      if (!built) return sendHtml(reply, 503, NOT_BUILT_HTML);
      const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const page = prerendered.get(normalized);
      if (page) return sendHtml(reply, 200, page);
      if (isClientRoute(normalized)) return sendHtml(reply, 200, indexHtml);
      request.log.info({ path: normalized }, 'unknown path');
      return sendHtml(reply, 404, indexHtml);
    });
  },
  { name: 'web' },
);

function findPrerendered(dist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string, urlPath: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'assets') continue;
      const sub = path.join(dir, entry.name);
      const route = `${urlPath}/${entry.name}`;
      const html = path.join(sub, 'index.html');
      if (existsSync(html)) pages.set(route, readFileSync(html, 'utf8'));
      walk(sub, route);
    }
  };
  walk(dist, '');
  return pages;
}
