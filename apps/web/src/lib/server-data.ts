/**
 * The data a page was rendered with on the server, per request (apps/server/src/plugins/web.ts):
 * the published posts on /blog, a post at /blog/{slug}, a landing page at /lp/{slug}. The server
 * writes it into the page as a JSON data block; the browser reads it before hydrating, so the
 * first render equals the HTML without asking the API again. It describes the page as it was
 * loaded and nothing later: the first navigation drops it, and every later visit asks the API.
 */
import { SERVER_DATA_ID } from '@giftrelay/contracts/routes';

/** What the server may hand a page; each key is read by the page that needs it. */
export interface ServerData {
  /** React Router's loader data for the routes it rendered (the post's route has a loader). */
  router?: Record<string, unknown>;
  /** The published posts, in the API's shape (GET /api/v1/blog-posts). */
  posts?: unknown[];
  /** A published post (GET /api/v1/blog-posts/{slug}). */
  post?: unknown;
  /** A published landing page (GET /api/v1/landing-pages/{slug}). */
  landingPage?: unknown;
}

let current: ServerData = {};

/** The given key's data when the page was rendered with it, else undefined. */
export function serverData<K extends keyof ServerData>(key: K): ServerData[K] {
  return current[key];
}

/** For the server's render: the data of the page being rendered (and {} afterwards). */
export function setServerData(data: ServerData): void {
  current = data;
}

/** Reads the page's data block, if it has one, before the app first renders. */
export function readServerData(doc: Document): void {
  const block = doc.getElementById(SERVER_DATA_ID);
  if (!block?.textContent) return;
  try {
    current = JSON.parse(block.textContent) as ServerData;
  } catch {
    current = {};
  }
}

/** The page is no longer the one the server rendered: from now on, ask the API. */
export function clearServerData(): void {
  current = {};
}
