import { escapeHtml } from '@giftrelay/contracts';
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
   * Markdown with `lib/markdown.ts`). The web app replaces it once its script has loaded.
   */
  bodyHtml: string;
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
}

/** Answer `source`'s paths with server-rendered pages. Call it while the app registers. */
export function registerDynamicPage(app: FastifyInstance, source: DynamicPageSource): void {
  app.dynamicPages.pages.push(source);
}

/** Add paths to sitemap.xml. Call it while the app registers. */
export function registerSitemapSource(app: FastifyInstance, source: SitemapSource): void {
  app.dynamicPages.sitemap.push(source);
}

/** Registered before every module so each may add its sources; web.ts reads them. */
export const dynamicPagesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('dynamicPages', { pages: [], sitemap: [] } satisfies Registry);
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

/**
 * The app shell with the page's head and content. The content sits inside #root marked
 * `data-server-page`, which tells the web app to render over it rather than hydrate it.
 */
export function renderDynamicHtml(shell: string, page: DynamicPage, publicUrl: string): string {
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
          `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...page.jsonLd })
            .replace(/</g, '\\u003c')
            .replace(/\u2028/g, '\\u2028')
            .replace(/\u2029/g, '\\u2029')}</script>`,
        ]
      : []),
  ].join('\n    ');
  const withHead = TITLE_AND_DESCRIPTION.test(shell)
    ? shell.replace(TITLE_AND_DESCRIPTION, () => head)
    : shell.replace('</head>', () => `${head}\n</head>`);
  const body = `<div id="root"><div data-server-page="">${page.bodyHtml}</div></div>`;
  return withHead.includes(ROOT)
    ? withHead.replace(ROOT, () => body)
    : withHead.replace('<body>', () => `<body>${body}`);
}

declare module 'fastify' {
  interface FastifyInstance {
    dynamicPages: Registry;
  }
}
