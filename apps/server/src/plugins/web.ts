import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  ERROR_STATUS,
  escapeHtml,
  isClientRoute,
  REDIRECTS,
  ROBOTS_DISALLOW,
  SITEMAP_PATHS,
} from '@giftrelay/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { redactRequestUrl } from '../lib/log';
import { webDistDir } from '../lib/paths';
import {
  type DynamicPage,
  dynamicSitemapPaths,
  findDynamicPage,
  findPageData,
  loadServerRenderer,
  type PageData,
  renderDynamicHtml,
  renderHydratable,
} from './dynamic-pages';
import { errorBody, replyMethodNotAllowed } from './errors';

const NOT_BUILT_HTML =
  '<!doctype html><meta charset="utf-8"><title>GiftRelay</title><p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>';

/** Written into prerendered pages at build time (apps/web/src/lib/public-url.ts); replaced here by PUBLIC_URL. */
export const PUBLIC_URL_PLACEHOLDER = '__GIFTRELAY_PUBLIC_URL__';

/**
 * The build writes the app shell (an empty page the app renders into) to app.html when it has
 * prerendered the home page into index.html; older builds have only index.html, which is both.
 */
const SHELL_FILE = 'app.html';

/**
 * Serves the built web app: hashed assets with a year of caching (and their pre-compressed .br
 * and .gz twins); public pages prerendered at build time (dist/<path>/index.html) with their
 * content and metadata in the HTML; every other app route as the app shell so a reload anywhere
 * works; unknown paths as the shell with a 404 status, logged; robots.txt and sitemap.xml for
 * crawlers; permanent redirects for moved addresses. Anything under /api that no route answers
 * is a JSON 404.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir?: string; publicUrl: string }) => {
    const dist = opts.distDir ?? webDistDir();
    const built = existsSync(path.join(dist, 'index.html'));
    const fillIn = (html: string) => html.replaceAll(PUBLIC_URL_PLACEHOLDER, escapeHtml(opts.publicUrl));
    const hasShell = built && existsSync(path.join(dist, SHELL_FILE));
    const load = (file: string) => compressed(fillIn(readFileSync(file, 'utf8')), 'kept');
    const shellHtml = built ? fillIn(readFileSync(path.join(dist, hasShell ? SHELL_FILE : 'index.html'), 'utf8')) : '';
    const shell = compressed(built ? shellHtml : NOT_BUILT_HTML, 'kept');
    const prerendered = built ? findPrerendered(dist, hasShell, load) : new Map<string, Page>();
    // Pages whose content is in the database are rendered per request by the web app's own
    // components when the build kept its server bundle (dynamic-pages.ts).
    const renderer = built
      ? await loadServerRenderer(dist).catch((err: unknown) => {
          // Its packages (React and the router, from the web app) missing: the pages as built.
          app.log.warn({ err }, 'the web build’s server bundle did not load: pages are sent as built');
          return null;
        })
      : null;
    /** The page rendered by the web app with `data`, ready to hydrate; null when it cannot be. */
    const hydratable = async (request: FastifyRequest, pathname: string, data: PageData, page?: DynamicPage) => {
      if (!renderer) return null;
      try {
        const html = await renderHydratable(renderer, pathname, data, page, opts.publicUrl);
        return html === null ? null : compressed(fillIn(html), 'once');
      } catch (err) {
        // The page as it was built (or as plain HTML) rather than an error.
        request.log.error({ err, path: pathname }, 'could not render the page with its data');
        return null;
      }
    };

    if (built) {
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        // Pages are served below, with PUBLIC_URL filled in; never as raw files. The server
        // bundle (.ssr) is the server's own.
        allowedPath: (pathName) => !pathName.endsWith('.html') && !pathName.startsWith('/.ssr/'),
        // The server writes these itself; a file of the same name in an older build must not
        // claim the route (two routes for one path stop the server from starting).
        globIgnore: ['robots.txt', 'robots.txt.*', 'sitemap.xml', 'sitemap.xml.*'],
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

    const robots = [
      'User-agent: *',
      'Allow: /',
      ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${opts.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
    // Read at each request: published posts and pages join the static list (dynamic-pages.ts).
    const sitemap = (paths: string[]) =>
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...paths.map((p) => `  <url><loc>${escapeHtml(`${opts.publicUrl}${p}`)}</loc></url>`),
        '</urlset>',
        '',
      ].join('\n');
    const crawlerFile = (type: string, body: string) => async (_req: FastifyRequest, reply: FastifyReply) =>
      reply.header('cache-control', 'public, max-age=3600').type(type).send(body);
    app.get('/robots.txt', { schema: { hide: true } }, crawlerFile('text/plain; charset=utf-8', robots));
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
      const paths = [...new Set([...SITEMAP_PATHS, ...(await dynamicSitemapPaths(app))])];
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/xml; charset=utf-8')
        .send(sitemap(paths));
    });

    for (const [from, to] of Object.entries(REDIRECTS)) {
      app.get(from, { schema: { hide: true } }, async (request, reply) => {
        const q = request.url.indexOf('?');
        return reply.redirect(q === -1 ? to : `${to}${request.url.slice(q)}`, 301);
      });
    }

    // Pages compress themselves (compressed, below); the compression plugin only sees routes, not this handler.
    const sendHtml = (request: FastifyRequest, reply: FastifyReply, status: number, page: Page) => {
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      const body = encoding ? page.encoded(encoding) : page.raw;
      if (encoding) reply.header('content-encoding', encoding);
      // A prerendered page carries its theme script inline; the policy allows exactly that script.
      const csp = reply.getHeader('content-security-policy');
      if (page.scriptHashes.length && typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp.replace("script-src 'self'", `script-src 'self' ${page.scriptHashes.map((h) => `'${h}'`).join(' ')}`),
        );
      }
      return reply
        .status(status)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(body);
    };

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wrongMethod = replyMethodNotAllowed(app, request, reply);
      if (wrongMethod) return wrongMethod;
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(ERROR_STATUS.NOT_FOUND).send({
          ...errorBody('NOT_FOUND', `No route for ${request.method} ${pathname}`),
          request_id: request.id,
        });
      }
      const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      // A claim link is the key to a gift card: robots.txt asks crawlers to stay away, and a
      // crawler that arrives anyway (a link shared somewhere) is told not to index it.
      if (normalized === '/claim' || normalized.startsWith('/claim/'))
        reply.header('x-robots-tag', 'noindex, nofollow');
      if (!built) return sendHtml(request, reply, 503, shell);
      const page = prerendered.get(normalized);
      if (page) {
        // /blog lists the published posts as they are now: rendered per request with them.
        const data = renderer ? await findPageData(app, normalized) : undefined;
        return sendHtml(request, reply, 200, (data && (await hydratable(request, normalized, data))) || page);
      }
      const dynamic = await findDynamicPage(app, normalized);
      if (dynamic) {
        const html =
          (dynamic.data && (await hydratable(request, normalized, dynamic.data, dynamic))) ||
          compressed(renderDynamicHtml(shellHtml, dynamic, opts.publicUrl), 'once');
        return sendHtml(request, reply, 200, html);
      }
      // A post or landing page that is not published: the app's page, answered 404.
      if (dynamic === null) return sendHtml(request, reply, 404, shell);
      if (isClientRoute(normalized)) return sendHtml(request, reply, 200, shell);
      // A mistyped emailed link still carries its token: redacted as the request line is.
      request.log.info({ path: redactRequestUrl(normalized, app.secretPaths) }, 'unknown path');
      return sendHtml(request, reply, 404, shell);
    });
  },
  { name: 'web' },
);

interface Page {
  raw: Buffer;
  /** The page compressed as the client accepts, made the first time it is asked for. */
  encoded(encoding: 'br' | 'gzip'): Buffer;
  /** CSP hashes of the page's inline scripts (plain <script> elements; data blocks have a type and never run). */
  scriptHashes: string[];
}

const brotliAt = (quality: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

/**
 * A page with its compressed forms, each made when a client first asks for it. `once`: a page
 * rendered for one request, compressed cheaply in the encoding it is sent in. `kept`: a page
 * loaded at start and sent many times, in brotli's quality 11, which costs about 3 CPU-seconds for
 * the 15 prerendered pages together: every start paid it before listening (each process a test
 * starts, each deploy), for pages most processes never send (decision 087). It is made in the
 * thread pool after the page's first request; until it is ready, quality 5 (milliseconds, 10 %
 * larger).
 */
function compressed(html: string, use: 'once' | 'kept'): Page {
  const raw = Buffer.from(html);
  const made: { br?: Buffer; gzip?: Buffer } = {};
  let best: 'pending' | 'ready' | undefined;
  return {
    raw,
    scriptHashes: [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, code]) =>
        `sha256-${createHash('sha256')
          .update(code ?? '')
          .digest('base64')}`,
    ),
    encoded(encoding) {
      if (encoding === 'gzip') {
        made.gzip ??= gzipSync(raw, { level: use === 'kept' ? 9 : 6 });
        return made.gzip;
      }
      if (use === 'kept' && !best) {
        best = 'pending';
        brotliCompress(raw, brotliAt(11), (err, out) => {
          // A failure keeps the quick form; the next request tries again.
          if (err) best = undefined;
          else [made.br, best] = [out, 'ready'];
        });
      }
      made.br ??= brotliCompressSync(raw, brotliAt(use === 'kept' ? 5 : 4));
      return made.br;
    },
  };
}

/** Pages prerendered at build time: dist/<path>/index.html, and dist/index.html for / when a separate shell exists. */
function findPrerendered(dist: string, hasShell: boolean, load: (file: string) => Page): Map<string, Page> {
  const pages = new Map<string, Page>();
  if (hasShell) pages.set('/', load(path.join(dist, 'index.html')));
  const walk = (dir: string, urlPath: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'assets' || entry.name.startsWith('.')) continue;
      const sub = path.join(dir, entry.name);
      const route = `${urlPath}/${entry.name}`;
      const html = path.join(sub, 'index.html');
      if (existsSync(html)) pages.set(route, load(html));
      walk(sub, route);
    }
  };
  walk(dist, '');
  return pages;
}
