/**
 * Every request the API documentation shows, as data: the Docs page renders them as curl
 * commands and an end-to-end test runs those same commands against a live server
 * (apps/web/e2e/docs/curl-examples.spec.ts). Keep this module free of imports so the test can
 * load it directly.
 */

export type DocsTab = 'overview' | 'auth' | 'list-products' | 'create-order' | 'webhooks' | 'errors';

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
  response: { status: number; body: unknown };
}

/** Words in CAPITALS in a command stand for values the reader (or the test) fills in. */
export const PLACEHOLDERS: Record<string, string> = {
  PRODUCT_ID: 'the id of a product from List Products',
  ORDER_ID: 'the order_id from Create Order',
  YOUR_REFRESH_TOKEN: 'the refresh_token of your current session',
};

const ISO = '2025-05-01T09:30:00.000Z';

/** One order as the API shows it (Create Order's reads, and the payload of order events). */
export const EXAMPLE_ORDER = {
  id: '7c2e9a4b-1d3f-4e5a-9b6c-8d7e0f1a2b3c',
  status: 'completed',
  amount: 25,
  fee: 0.63,
  total: 25.63,
  currency: 'USD',
  quantity: 1,
  email: 'sam@example.com',
  created_at: ISO,
};

export const API_EXAMPLES: ApiExample[] = [
  {
    id: 'health',
    tab: 'overview',
    title: 'Check the service',
    description:
      'No token needed. Answers 200 when the database and the job queue are working, 503 with the reason when they are not.',
    method: 'GET',
    path: '/api/health',
    response: {
      status: 200,
      body: {
        status: 'ok',
        version: '0.1.0',
        uptime_s: 5321,
        database: { ok: true, driver: 'postgres', latency_ms: 0.8 },
        queue: { ok: true, round_trip_ms: 12.4, last_round_trip_at: ISO },
        instance: { id: '0b9e5c1e-3f4a-4a8e-9d7c-2f1e6b5a4c3d', created_at: ISO, boot_count: 3 },
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
    },
  },
  {
    id: 'signup',
    tab: 'auth',
    title: 'Create an account',
    description:
      'Creates the user and their organisation and emails a link to verify the address. The answer is the same whether or not the address already has an account.',
    method: 'POST',
    path: '/api/v1/auth/signup',
    body: { email: 'rewards-bot@example.com', password: 'a-long-random-password' },
    response: { status: 201, body: { success: true, message: 'Check your email to verify.' } },
  },
  {
    id: 'token',
    tab: 'auth',
    title: 'Sign in: get a session',
    description:
      'Exchanges an email address and password for a session. Send the access_token as a bearer token; it expires after expires_in seconds.',
    method: 'POST',
    path: '/api/v1/auth/token?grant_type=password',
    body: { email: 'rewards-bot@example.com', password: 'a-long-random-password' },
    response: {
      status: 200,
      body: {
        access_token: 'eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI…',
        refresh_token: 'rt_9f2c4d1b8e7a6c5d4e3f2a1b',
        expires_in: 900,
        expires_at: 1746092700,
        token_type: 'bearer',
        user: { id: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', email: 'rewards-bot@example.com' },
      },
    },
  },
  {
    id: 'refresh',
    tab: 'auth',
    title: 'Refresh a session',
    description:
      'Trades the refresh token for a new session before the access token expires. Each refresh token works once: keep the new one.',
    method: 'POST',
    path: '/api/v1/auth/token?grant_type=refresh_token',
    body: { refresh_token: 'YOUR_REFRESH_TOKEN' },
    response: {
      status: 200,
      body: {
        access_token: 'eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI…',
        refresh_token: 'rt_0a1b2c3d4e5f6a7b8c9d0e1f',
        expires_in: 900,
        expires_at: 1746093600,
        token_type: 'bearer',
        user: { id: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', email: 'rewards-bot@example.com' },
      },
    },
  },
  {
    id: 'user',
    tab: 'auth',
    title: 'Who am I',
    description: 'The user the token belongs to.',
    method: 'GET',
    path: '/api/v1/auth/user',
    auth: true,
    response: {
      status: 200,
      body: { success: true, user: { id: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', email: 'rewards-bot@example.com' } },
    },
  },
  {
    id: 'logout',
    tab: 'auth',
    title: 'Sign out',
    description: 'Ends the session: neither its access token nor its refresh token works afterwards.',
    method: 'POST',
    path: '/api/v1/auth/logout',
    auth: true,
    response: { status: 200, body: { success: true } },
  },
  {
    id: 'products',
    tab: 'list-products',
    title: 'List products',
    description:
      'Filter by country, currency and category, by value (minValue, maxValue: products whose range overlaps) and by q, a case-insensitive search on the brand or name. Pages of results come with a next_cursor; pass it as cursor for the next page.',
    method: 'GET',
    path: '/api/v1/products?country=US&currency=USD&category=Retail',
    auth: true,
    response: {
      status: 200,
      body: {
        success: true,
        products: [
          {
            id: 'a3f1c2d4-5b6e-4f7a-8b9c-0d1e2f3a4b5c',
            code: 'AMAZON-US',
            name: 'Amazon.com',
            brand: 'Amazon',
            country: 'US',
            currency: 'USD',
            minValue: 1,
            maxValue: 2000,
            payoutType: 'code',
            category: 'Retail',
          },
        ],
        next_cursor: null,
      },
    },
  },
  {
    id: 'facets',
    tab: 'list-products',
    title: 'What the catalogue holds',
    description: 'The countries, currencies and categories present, with counts, and the catalogue’s totals.',
    method: 'GET',
    path: '/api/v1/catalog/facets',
    response: {
      status: 200,
      body: {
        success: true,
        countries: [{ code: 'US', name: 'United States', count: 42 }],
        currencies: [{ code: 'USD', count: 42 }],
        categories: [{ name: 'Retail', count: 18 }],
        totals: { products: 120, brands: 64, countries: 3 },
      },
    },
  },
  {
    id: 'create-order',
    tab: 'create-order',
    title: 'Send a reward',
    description:
      'Sends quantity rewards of amount (in the product’s currency) to email. The fee is 2.5% of amount × quantity, rounded half-up to the cent. Retrying with the same Idempotency-Key and body returns this same answer instead of sending again.',
    method: 'POST',
    path: '/api/v1/orders',
    auth: true,
    idempotencyKey: 'referral-bonus-8841',
    body: { product_code: 'PRODUCT_ID', amount: 25, email: 'sam@example.com', quantity: 1 },
    response: {
      status: 201,
      body: {
        success: true,
        order_id: '7c2e9a4b-1d3f-4e5a-9b6c-8d7e0f1a2b3c',
        status: 'pending',
        delivery_method: 'email',
        amount: 25,
        fee: 0.63,
        total: 25.63,
        currency: 'USD',
      },
    },
  },
  {
    id: 'get-order',
    tab: 'create-order',
    title: 'Follow an order',
    description:
      'An order is pending until its rewards are issued and emailed (completed) or the provider refuses them (failed).',
    method: 'GET',
    path: '/api/v1/orders/ORDER_ID',
    auth: true,
    response: {
      status: 200,
      body: {
        success: true,
        order: EXAMPLE_ORDER,
      },
    },
  },
  {
    id: 'list-orders',
    tab: 'create-order',
    title: 'List orders',
    description: 'Your organisation’s orders, newest first, a page at a time (pass next_cursor as cursor).',
    method: 'GET',
    path: '/api/v1/orders',
    auth: true,
    response: {
      status: 200,
      body: {
        success: true,
        orders: [EXAMPLE_ORDER],
        next_cursor: null,
      },
    },
  },
  {
    id: 'balance',
    tab: 'create-order',
    title: 'Check your balance',
    description: 'What you can spend now, what open orders hold, and the billing currency.',
    method: 'GET',
    path: '/api/v1/balance',
    auth: true,
    response: { status: 200, body: { success: true, available: 4974.37, held: 0, currency: 'USD' } },
  },
  {
    id: 'error-not-found',
    tab: 'errors',
    title: 'A path that does not exist',
    description: 'Every error has this shape. Branch on code; error is a sentence for people.',
    method: 'GET',
    path: '/api/v1/no-such-endpoint',
    response: {
      status: 404,
      body: { success: false, error: 'No route for GET /api/v1/no-such-endpoint', code: 'NOT_FOUND' },
    },
  },
  {
    id: 'error-unauthorized',
    tab: 'errors',
    title: 'A request without a token',
    description: 'Endpoints that act for your organisation need a valid, unexpired bearer token.',
    method: 'GET',
    path: '/api/v1/balance',
    response: { status: 401, body: { success: false, error: 'Invalid or expired token', code: 'UNAUTHORIZED' } },
  },
  {
    id: 'error-validation',
    tab: 'errors',
    title: 'A request that does not validate',
    description: 'details lists every field that is wrong, by its path in the request.',
    method: 'POST',
    path: '/api/v1/orders',
    auth: true,
    body: { product_code: 'PRODUCT_ID', amount: -5, email: 'sam@example.com', quantity: 1 },
    response: {
      status: 400,
      body: {
        success: false,
        error: 'body.amount: must be greater than 0',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.amount', message: 'must be greater than 0' }],
      },
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

/** The documented answer as the page prints it. */
export const formatResponse = (example: ApiExample) => JSON.stringify(example.response.body, null, 2);

/** The error codes the Errors tab explains, in the order it lists them. */
export const DOCUMENTED_ERRORS: { code: string; status: number; meaning: string }[] = [
  {
    code: 'VALIDATION_ERROR',
    status: 400,
    meaning: 'A field is missing, malformed or out of range; details names each one.',
  },
  {
    code: 'UNAUTHORIZED',
    status: 401,
    meaning: 'The bearer token is missing, invalid or expired. Refresh the session.',
  },
  { code: 'EMAIL_NOT_CONFIRMED', status: 403, meaning: 'The account has not verified its email address yet.' },
  {
    code: 'INSUFFICIENT_FUNDS',
    status: 402,
    meaning: 'Your balance cannot cover the order’s total. Nothing was charged.',
  },
  {
    code: 'INVALID_PRODUCT',
    status: 400,
    meaning: 'The product code does not exist or the product is no longer available.',
  },
  { code: 'NOT_FOUND', status: 404, meaning: 'No such endpoint, or no such object in your organisation.' },
  {
    code: 'IDEMPOTENCY_KEY_IN_USE',
    status: 409,
    meaning: 'A request with this Idempotency-Key is still running. Retry shortly.',
  },
  { code: 'IDEMPOTENCY_KEY_REUSED', status: 422, meaning: 'This Idempotency-Key was used with a different body.' },
  { code: 'PAYLOAD_TOO_LARGE', status: 413, meaning: 'The request body is larger than 1 MB.' },
  { code: 'UNSUPPORTED_MEDIA_TYPE', status: 415, meaning: 'Send request bodies as application/json.' },
  { code: 'RATE_LIMITED', status: 429, meaning: 'Too many requests. Wait for the Retry-After header, then retry.' },
  {
    code: 'INTERNAL_ERROR',
    status: 500,
    meaning: 'Something failed on our side. Retrying with the same Idempotency-Key is safe.',
  },
  { code: 'SERVICE_UNAVAILABLE', status: 503, meaning: 'A dependency is down for a moment. Retry with backoff.' },
];
