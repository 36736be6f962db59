import { escapeHtml } from '@giftrelay/contracts/html';
import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { getPublicUrl } from './public-url';

export const SITE_NAME = 'GiftRelay';
export const DEFAULT_TITLE = `${SITE_NAME} - Digital Rewards That Scale`;
export const DEFAULT_DESCRIPTION =
  'Send digital gift cards and rewards by email in seconds, from the web app or one API call. Transparent fees, a global catalogue and delivery in under 60 seconds.';
export const DEFAULT_KEYWORDS = ['digital rewards', 'gift cards', 'employee incentives', 'rewards API'];

export interface PageMeta {
  /** The page's own title; the document title becomes "title | GiftRelay". None gives the default title. */
  title?: string;
  description?: string;
  keywords?: readonly string[];
  /** The canonical path; defaults to the current path. */
  path?: string;
  type?: 'website' | 'article';
  /** Keeps the page out of search results (the 404 page). */
  noindex?: boolean;
}

export interface ResolvedMeta {
  title: string;
  /** The title without the site name, for social cards. */
  socialTitle: string;
  description: string;
  keywords: string;
  canonical: string;
  type: 'website' | 'article';
  noindex: boolean;
}

export function resolveMeta(meta: PageMeta, pathname: string, origin: string): ResolvedMeta {
  const path = meta.path ?? pathname;
  return {
    title: meta.title ? `${meta.title} | ${SITE_NAME}` : DEFAULT_TITLE,
    socialTitle: meta.title ?? DEFAULT_TITLE,
    description: meta.description ?? DEFAULT_DESCRIPTION,
    keywords: (meta.keywords ?? DEFAULT_KEYWORDS).join(', '),
    canonical: `${origin}${path === '/' ? '/' : path.replace(/\/+$/, '')}`,
    type: meta.type ?? 'website',
    noindex: meta.noindex ?? false,
  };
}

type Tag = { tag: 'meta' | 'link'; key: 'name' | 'property' | 'rel'; id: string; value: string };

/** The one list of head tags the helper owns, used by the browser and by the prerenderer alike. */
function headTags(m: ResolvedMeta): Tag[] {
  const tags: Tag[] = [
    { tag: 'meta', key: 'name', id: 'description', value: m.description },
    { tag: 'meta', key: 'name', id: 'keywords', value: m.keywords },
    { tag: 'meta', key: 'property', id: 'og:site_name', value: SITE_NAME },
    { tag: 'meta', key: 'property', id: 'og:type', value: m.type },
    { tag: 'meta', key: 'property', id: 'og:title', value: m.socialTitle },
    { tag: 'meta', key: 'property', id: 'og:description', value: m.description },
    { tag: 'meta', key: 'property', id: 'og:url', value: m.canonical },
    { tag: 'meta', key: 'name', id: 'twitter:card', value: 'summary' },
    { tag: 'meta', key: 'name', id: 'twitter:title', value: m.socialTitle },
    { tag: 'meta', key: 'name', id: 'twitter:description', value: m.description },
    { tag: 'link', key: 'rel', id: 'canonical', value: m.canonical },
  ];
  if (m.noindex) tags.push({ tag: 'meta', key: 'name', id: 'robots', value: 'noindex' });
  return tags;
}

/** The head as HTML, for pages prerendered at build time. */
export function renderHeadTags(m: ResolvedMeta): string {
  const tags = headTags(m).map((t) =>
    t.tag === 'link'
      ? `<link ${t.key}="${t.id}" href="${escapeHtml(t.value)}">`
      : `<meta ${t.key}="${t.id}" content="${escapeHtml(t.value)}">`,
  );
  return [`<title>${escapeHtml(m.title)}</title>`, ...tags].join('\n    ');
}

/** Brings the document's head in line with a page: updates the helper's tags in place, adds missing ones. */
export function applyHeadTags(doc: Document, m: ResolvedMeta) {
  doc.title = m.title;
  const wanted = headTags(m);
  for (const t of wanted) {
    let el = doc.head.querySelector(`${t.tag}[${t.key}="${t.id}"]`);
    if (!el) {
      el = doc.createElement(t.tag);
      el.setAttribute(t.key, t.id);
      doc.head.append(el);
    }
    el.setAttribute(t.tag === 'link' ? 'href' : 'content', t.value);
  }
  if (!m.noindex) doc.head.querySelector('meta[name="robots"]')?.remove();
}

/** Set by the prerenderer to learn the head of the page it renders. */
export const MetaCollectorContext = createContext<{ meta?: ResolvedMeta } | null>(null);

/**
 * Sets the page's title, description, keywords, Open Graph and Twitter tags and canonical link
 * (PUBLIC_URL + path). Prerendered pages get the same tags in their HTML.
 */
export function usePageMeta(meta: PageMeta) {
  const { pathname } = useLocation();
  const resolved = resolveMeta(meta, pathname, getPublicUrl());
  const collector = useContext(MetaCollectorContext);
  if (collector) collector.meta = resolved;
  const key = JSON.stringify(resolved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is `resolved` by value.
  useEffect(() => applyHeadTags(document, resolved), [key]);
}

/** The title-only form, for pages that need nothing more. */
export function usePageTitle(title?: string) {
  usePageMeta({ title });
}
