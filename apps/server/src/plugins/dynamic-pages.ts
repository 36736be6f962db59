import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml, SERVER_DATA_ID } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Public pages whose content lives in the database (published blog posts, published landing
 * pages): the server sends them with their title, metadata, structured data and content in the
 * HTML, as the build does for the prerendered pages, and lists them in sitemap.xml
 * (decision 050). A module registers a source at its registration; the web plugin asks them.
 */
export interface DynamicPage {
  /** The page's title without the site name (` | GiftRelay` is added). */
  title: string;
  /** The meta description, also Open Graph's and Twitter's. */
  description: string;
  /** The page's own path, such as `/blog/my-post`: the canonical link and og:url. */
  canonicalPath: string;
  /** Open Graph's type; `article` by default. */
  ogType?: 'article' | 'website';
  keywords?: string[];
  /** Structured data (schema.org); `@context` is added. Written as a data block, `<` escaped. */
  jsonLd?: Record<string, unknown>;
  /**
   * The page's content as HTML, already safe: escape every text with `escapeHtml` (or render
   * Markdown with `@giftrelay/markdown`). Sent when the web app's own render is not available (no
   * server bundle in the build); the web app then replaces it once its script has loaded.
   */
  bodyHtml: string;
  /**
   * What the web app renders the page with, in the public API's shapes (its
   * `lib/server-data.ts`): with the build's server bundle, the server renders the page with the
   * app's own components and this data, and the browser hydrates it without asking the API.
   */
  data?: PageData;
}

/** Data for the web app's render of a page (the keys of `ServerData` in apps/web/src/lib/server-data.ts). */
export type PageData = Record<string, unknown>;

/**
 * A prerendered page whose content also depends on the database (/blog lists the published
 * posts): with the build's server bundle, the server renders it per request with this data.
 */
export interface PageDataSource {
  path: string;
  data: () => Promise<PageData>;
}

export interface DynamicPageSource {
  /** Whether this source answers the path (cheap, no I/O), e.g. `/^\/lp\/[^/]+$/.test(path)`. */
  match: (path: string) => boolean;
  /**
   * The page, or null: then the app shell is sent with a 404 status (the web app shows its 404
   * page, or what it keeps in the browser, as /lp/{slug} does its preview), so crawlers drop an
   * unpublished or deleted page instead of keeping a soft 404.
   */
  render: (path: string) => Promise<DynamicPage | null>;
}

/** Paths (beginning with `/`) to list in sitemap.xml, read at each request of it. */
export type SitemapSource = () => Promise<string[]>;

interface Registry {
  pages: DynamicPageSource[];
  sitemap: SitemapSource[];
  data: PageDataSource[];
}

/** Answer `source`'s paths with server-rendered pages. Call it while the app registers. */
export function registerDynamicPage(app: FastifyInstance, source: DynamicPageSource): void {
  app.dynamicPages.pages.push(source);
}

/** Render a prerendered page per request with `source`'s data. Call it while the app registers. */
export function registerPageData(app: FastifyInstance, source: PageDataSource): void {
  app.dynamicPages.data.push(source);
}

/** Add paths to sitemap.xml. Call it while the app registers. */
export function registerSitemapSource(app: FastifyInstance, source: SitemapSource): void {
  app.dynamicPages.sitemap.push(source);
}

/** Registered before every module so each may add its sources; web.ts reads them. */
export const dynamicPagesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('dynamicPages', { pages: [], sitemap: [], data: [] } satisfies Registry);
  },
  { name: 'dynamic-pages' },
);

/**
 * The page of the first source that matches and renders it; `null` when a source matches but
 * none renders (an unknown or unpublished page); `undefined` when no source matches the path.
 */
export async function findDynamicPage(app: FastifyInstance, path: string): Promise<DynamicPage | null | undefined> {
  let matched = false;
  for (const source of app.dynamicPages.pages) {
    if (!source.match(path)) continue;
    matched = true;
    const page = await source.render(path);
    if (page) return page;
  }
  return matched ? null : undefined;
}

/** The data a prerendered page is to be rendered with per request, or undefined when it has none. */
export async function findPageData(app: FastifyInstance, path: string): Promise<PageData | undefined> {
  return app.dynamicPages.data.find((source) => source.path === path)?.data();
}

/** Every registered source's sitemap paths; a failing source is logged and left out. */
export async function dynamicSitemapPaths(app: FastifyInstance): Promise<string[]> {
  const lists = await Promise.all(
    app.dynamicPages.sitemap.map((source) =>
      source().catch((err: unknown) => {
        app.log.error({ err }, 'a sitemap source failed');
        return [] as string[];
      }),
    ),
  );
  return lists.flat();
}

const TITLE_AND_DESCRIPTION = /<title>[\s\S]*?<\/title>\s*<meta name="description"[^>]*>/;
const ROOT = '<div id="root"></div>';

/** JSON for inside a `<script>` data block: `<` and the JavaScript line separators escaped. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** `html` with the page's title, description, keywords, Open Graph, Twitter, canonical link and JSON-LD. */
function withPageHead(html: string, page: DynamicPage, publicUrl: string): string {
  const url = `${publicUrl}${page.canonicalPath}`;
  const attr = escapeHtml;
  const head = [
    `<title>${escapeHtml(page.title)} | GiftRelay</title>`,
    `<meta name="description" content="${attr(page.description)}">`,
    ...(page.keywords?.length ? [`<meta name="keywords" content="${attr(page.keywords.join(', '))}">`] : []),
    '<meta property="og:site_name" content="GiftRelay">',
    `<meta property="og:type" content="${page.ogType ?? 'article'}">`,
    `<meta property="og:title" content="${attr(page.title)}">`,
    `<meta property="og:description" content="${attr(page.description)}">`,
    `<meta property="og:url" content="${attr(url)}">`,
    '<meta name="twitter:card" content="summary">',
    `<meta name="twitter:title" content="${attr(page.title)}">`,
    `<meta name="twitter:description" content="${attr(page.description)}">`,
    `<link rel="canonical" href="${attr(url)}">`,
    ...(page.jsonLd
      ? [
          `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', ...page.jsonLd })}</script>`,
        ]
      : []),
  ].join('\n    ');
  return TITLE_AND_DESCRIPTION.test(html)
    ? html.replace(TITLE_AND_DESCRIPTION, () => head)
    : html.replace('</head>', () => `${head}\n</head>`);
}

/** `html` (a page with an empty #root) with `root` as #root's content and `after` right after it. */
function withRoot(html: string, root: string, after = ''): string {
  const body = `<div id="root">${root}</div>${after}`;
  return html.includes(ROOT) ? html.replace(ROOT, () => body) : html.replace('<body>', () => `<body>${body}`);
}

/**
 * The app shell with the page's head and content. The content sits inside #root marked
 * `data-server-page`, which tells the web app to render over it rather than hydrate it.
 */
export function renderDynamicHtml(shell: string, page: DynamicPage, publicUrl: string): string {
  return withRoot(withPageHead(shell, page, publicUrl), `<div data-server-page="">${page.bodyHtml}</div>`);
}

/**
 * The web app's server bundle (apps/web/src/prerender.tsx, kept by the build in dist/.ssr): it
 * renders the pages whose content is in the database with the app's own components, so the
 * browser hydrates them instead of drawing them again.
 */
export interface ServerRenderer {
  renderRoute(path: string, data: PageData): Promise<{ route: string; html: string; data: PageData } | null>;
  /** Each server-rendered route's page with an empty #root, as the build wrote it. */
  templates: Record<string, string>;
}

/** The build's server bundle, or null when the build has none (an older build, or a test's). */
export async function loadServerRenderer(dist: string): Promise<ServerRenderer | null> {
  const bundle = path.join(dist, '.ssr', 'prerender.js');
  const templates = path.join(dist, '.ssr', 'templates.json');
  if (!existsSync(bundle) || !existsSync(templates)) return null;
  const { renderRoute } = (await import(pathToFileURL(bundle).href)) as Pick<ServerRenderer, 'renderRoute'>;
  return { renderRoute, templates: JSON.parse(readFileSync(templates, 'utf8')) as Record<string, string> };
}

/**
 * `path` rendered by the web app with `data`, in its route's template, followed by the data as
 * a JSON block for the browser's hydration; with `page`, the page's own head. Null when no
 * server-rendered route answers the path.
 */
export async function renderHydratable(
  renderer: ServerRenderer,
  path: string,
  data: PageData,
  page: DynamicPage | undefined,
  publicUrl: string,
): Promise<string | null> {
  const rendered = await renderer.renderRoute(path, data);
  const template = rendered && renderer.templates[rendered.route];
  if (!rendered || !template) return null;
  const block = `<script type="application/json" id="${SERVER_DATA_ID}">${scriptJson(rendered.data)}</script>`;
  const html = withRoot(template, rendered.html, block);
  return page ? withPageHead(html, page, publicUrl) : html;
}

declare module 'fastify' {
  interface FastifyInstance {
    dynamicPages: Registry;
  }
}
