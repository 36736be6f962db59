/**
 * What the Docs page shows without its reference sections: the examples' shape, how a command and
 * an answer are printed, and the Overview's own examples. The reference sections and their
 * examples (./api-examples.ts) load when a reader opens one (decision 053). Free of imports, like
 * api-examples.ts, so tests can load it directly.
 */

export type DocsTab =
  | 'overview'
  | 'auth'
  | 'list-products'
  | 'create-order'
  | 'choice'
  | 'reports'
  | 'webhooks'
  | 'errors'
  | 'ai-agents';

export interface ApiExample {
  /** Stable id: the page marks each command with it and the test finds it by it. */
  id: string;
  tab: DocsTab;
  title: string;
  description: string;
  method: 'GET' | 'POST';
  /** Path and query, from the site's origin. */
  path: string;
  /** Sends `Authorization: Bearer $GIFTRELAY_TOKEN`. */
  auth?: boolean;
  idempotencyKey?: string;
  /** A JSON body, or raw text to show a malformed request. */
  body?: Record<string, unknown> | string;
  /**
   * The answer, with every field the real one has (a test compares them), unless `abridged`:
   * then it shows only some of them. An answer that is not JSON has its `contentType`, and its
   * text as the body: for CSV, every column the real one has.
   */
  response: { status: number; body: unknown; abridged?: true; contentType?: 'text/csv' };
}

/** Words in CAPITALS in a command stand for values the reader (or the test) fills in. */
export const PLACEHOLDERS: Record<string, string> = {
  PRODUCT_CODE: 'the code of a product from List Products',
  ORDER_ID: 'the order_id from Create Order',
  CHOICE_SET_ID: 'the id of a choice set from Make a choice set',
  CLAIM_TOKEN: 'the token at the end of the claim link in the recipient’s email',
  YOUR_REFRESH_TOKEN: 'the refresh_token of your current session',
};

/** The moment the examples happen at. */
export const ISO = '2025-05-01T09:30:00.000Z';

/** The Overview's examples: the first of API_EXAMPLES. */
export const OVERVIEW_EXAMPLES: ApiExample[] = [
  {
    id: 'health',
    tab: 'overview',
    title: 'Check the service',
    description:
      "No token needed. Answers 200 when the database and the job queue are working, 503 when they are not, and whether each part is ok; a platform operator's token gets the details.",
    method: 'GET',
    path: '/api/health',
    response: {
      status: 200,
      body: {
        status: 'ok',
        version: '0.1.0',
        database: { ok: true },
        queue: { ok: true },
        gift_cards: { ok: true },
      },
    },
  },
  {
    id: 'openapi',
    tab: 'overview',
    title: 'Download the OpenAPI document',
    description:
      'The machine-readable description of every endpoint, generated from the schemas that validate requests.',
    method: 'GET',
    path: '/api/openapi.json',
    response: {
      status: 200,
      body: { openapi: '3.0.3', info: { title: 'GiftRelay API', version: '0.1.0' }, paths: {} },
      abridged: true,
    },
  },
];

/** The command the page shows for an example, against the given origin. */
export function toCurl(example: ApiExample, origin: string): string {
  const lines = [`curl -sS${example.method === 'GET' ? '' : ` -X ${example.method}`} '${origin}${example.path}'`];
  if (example.auth) lines.push(`-H "Authorization: Bearer $GIFTRELAY_TOKEN"`);
  if (example.body !== undefined) lines.push(`-H 'Content-Type: application/json'`);
  if (example.idempotencyKey) lines.push(`-H 'Idempotency-Key: ${example.idempotencyKey}'`);
  if (example.body !== undefined) {
    lines.push(`-d '${typeof example.body === 'string' ? example.body : JSON.stringify(example.body)}'`);
  }
  return lines.join(' \\\n  ');
}

/** The documented answer as the page prints it: JSON indented, other text as it is. */
export const formatResponse = (example: ApiExample) =>
  typeof example.response.body === 'string' ? example.response.body : JSON.stringify(example.response.body, null, 2);
