/**
 * Every request the API documentation shows, as data: the Docs page renders them as curl
 * commands and an end-to-end test runs those same commands against a live server
 * (apps/web/e2e/docs/curl-examples.spec.ts). Keep this module free of imports other than
 * ./example-basics and the contracts' import-free event examples, so the test can load it directly.
 */
import { EVENT_EXAMPLES } from '@giftrelay/contracts/event-examples';

import {
  type ApiExample,
  type DocsTab,
  formatResponse,
  ISO,
  OVERVIEW_EXAMPLES,
  PLACEHOLDERS,
  toCurl,
} from './example-basics';

export { type ApiExample, type DocsTab, formatResponse, PLACEHOLDERS, toCurl };

const ACCESS_TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImFjY2Vzcy10b2tlbi12MSJ9.eyJzaWQiOiI0YjFlMmQ3Yy…';

/** The signed-in user as the auth endpoints show it. */
const EXAMPLE_USER = {
  id: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  email: 'rewards-bot@example.com',
  name: null,
  email_confirmed_at: ISO,
  created_at: ISO,
  role: 'owner',
  organisation: {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Example',
    sandbox: true,
    billing_currency: 'USD',
    plan: 'starter',
    created_at: ISO,
  },
};

const session = (refreshToken: string, expiresAt: number, firstSignIn = false) => ({
  success: true,
  access_token: ACCESS_TOKEN,
  refresh_token: refreshToken,
  expires_in: 900,
  expires_at: expiresAt,
  token_type: 'bearer',
  user: EXAMPLE_USER,
  first_sign_in: firstSignIn,
});

const SENT_AT = '2025-05-01T09:30:02.000Z';
/** The X-Request-Id of an example answer, which every error body repeats as request_id. */
const REQUEST_ID = '3f9a6c1e-8b2d-4e7f-a5c4-1d0e9b8a7c6f';
const ORDER_ID = '7c2e9a4b-1d3f-4e5a-9b6c-8d7e0f1a2b3c';

/** What Send a reward asks for: the body the Create Order example sends. */
const ORDER_REQUEST = {
  product_code: 'PRODUCT_CODE',
  amount: 25,
  email: 'sam@example.com',
  quantity: 1,
  message: 'Thanks for the referral!',
};

/** An order as every order endpoint shows it, just created: the one the event examples carry. */
const PENDING_ORDER = {
  ...EVENT_EXAMPLES['order.created'].data.order,
  // The documented request names no phone (the event's example shows a text beside the email).
  recipient_phone: null,
};

/** The same order once its rewards are issued and emailed: the order of List Orders and of events. */
export const EXAMPLE_ORDER = { ...PENDING_ORDER, status: 'completed', completed_at: SENT_AT, issued_count: 1 };

/** The choice set the recipient’s-choice examples make and send from (decision 080). */
const CHOICE_SET = {
  id: '2b7d4e1a-9c3f-4a6b-8e5d-1f0a9b8c7d6e',
  name: 'Coffee and books',
  product_codes: ['AMAZON-US'],
  rule: null,
  created_at: ISO,
  updated_at: ISO,
};

/** One card a choice offers, as the options of a set and of a claim show it. */
const CHOICE_OPTION = {
  code: 'AMAZON-US',
  name: 'Amazon.com Gift Card',
  brand: 'Amazon',
  logo: '/api/v1/products/AMAZON-US/logo.svg',
  terms: 'This card does not expire and carries no fees.',
  redemption_instructions: 'Sign in to your Amazon account, choose "Redeem a gift card" and enter the code.',
  available: true,
};

/** A choice order just placed: the total held, the product a stand-in until the recipient picks. */
const CHOICE_ORDER = {
  ...PENDING_ORDER,
  order_id: '5e8a1c3d-7b2f-4d6e-9a0c-3b4d5e6f7a8b',
  product_code: 'RECIPIENTS-CHOICE',
  product_name: 'Recipient’s choice',
  brand: 'Recipient’s choice',
  expires_at: '2025-05-31T09:30:00.000Z',
  choice: {
    choice_set_id: CHOICE_SET.id,
    choice_set_name: CHOICE_SET.name,
    product_codes: CHOICE_SET.product_codes,
    chosen_product_code: null,
    chosen_at: null,
  },
};

/** What the claim page reads of a choice reward: its value, the cards it may become, the pick once made. */
const claimChoice = (status: string, chosen: string | null) => ({
  status: 200,
  body: {
    success: true,
    status,
    currency: 'USD',
    amount: 25,
    options: [CHOICE_OPTION],
    chosen_product_code: chosen,
    problem: null,
  },
});

/** A list answer: the page in `data`, and the same items under the list's former, deprecated key. */
const list = (key: string, items: unknown[], nextCursor: string | null) => ({
  status: 200,
  body: { success: true, data: items, has_more: nextCursor !== null, next_cursor: nextCursor, [key]: items },
});

/** An error answer; request_id is the request's X-Request-Id. */
const failure = (status: number, code: string, error: string, details?: unknown[]) => ({
  status,
  body: { success: false, error, code, ...(details ? { details } : {}), request_id: REQUEST_ID },
});

/** A 200 answer of figures, in the billing currency of the documented organisation. */
const figures = (values: Record<string, unknown>) => ({
  status: 200,
  body: { success: true, currency: 'USD', ...values },
});

/** A line of the balance history: the documented order's hold and capture, and the sandbox's starting funds. */
function transaction(t: {
  id: string;
  created_at: string;
  kind: string;
  description: string;
  order_id: string | null;
  direction: 'credit' | 'debit';
  amount_minor: number;
  available_change_minor: number;
  held_change_minor: number;
  available_after_minor: number;
}) {
  const major = (minor: number) => minor / 100;
  return {
    id: t.id,
    created_at: t.created_at,
    kind: t.kind,
    type: t.kind.charAt(0).toUpperCase() + t.kind.slice(1),
    description: t.description,
    order_id: t.order_id,
    batch_id: null,
    currency: 'USD',
    direction: t.direction,
    amount: major(t.amount_minor),
    amount_minor: t.amount_minor,
    available_change: major(t.available_change_minor),
    available_change_minor: t.available_change_minor,
    held_change: major(t.held_change_minor),
    held_change_minor: t.held_change_minor,
    available_after: major(t.available_after_minor),
    available_after_minor: t.available_after_minor,
  };
}

export const API_EXAMPLES: ApiExample[] = [
  ...OVERVIEW_EXAMPLES,
  {
    id: 'signup',
    tab: 'auth',
    title: 'Create an account',
    description:
      'Creates the user and their organisation and emails a link to verify the address: open it before signing in (opening it signs you in). An optional plan (starter, growth or enterprise; starter when absent) records the plan chosen on the pricing page. The answer is the same whether or not the address already has an account. A password of fewer than 6 characters answers 400 VALIDATION_ERROR, a very common one 400 WEAK_PASSWORD.',
    method: 'POST',
    path: '/api/v1/auth/signup',
    body: { email: 'rewards-bot@example.com', password: 'a-long-random-password' },
    response: { status: 200, body: { success: true, message: 'Check your email to verify.' } },
  },
  {
    id: 'token',
    tab: 'auth',
    title: 'Sign in: get a session',
    description:
      'Exchanges an email address and password for a session. Send the access_token as a bearer token; it expires after expires_in seconds (expires_at, in seconds since 1970). A wrong address or password answers 400 INVALID_CREDENTIALS; an account whose email is not verified yet, 403 EMAIL_NOT_CONFIRMED.',
    method: 'POST',
    path: '/api/v1/auth/token?grant_type=password',
    body: { email: 'rewards-bot@example.com', password: 'a-long-random-password' },
    response: { status: 200, body: session('OAXSNIOPk0hD1cvRMkB9h-giJpiqeR6lKJCrLFBm3_Y', 1746092700) },
  },
  {
    id: 'refresh',
    tab: 'auth',
    title: 'Refresh a session',
    description:
      'Trades the refresh token for a new session before the access token expires. Each refresh token works once: keep the new one. (Two processes refreshing with the same token within 10 seconds both get a session.) An unknown refresh token answers 401 UNAUTHORIZED; a used one presented again later ends the whole session.',
    method: 'POST',
    path: '/api/v1/auth/token?grant_type=refresh_token',
    body: { refresh_token: 'YOUR_REFRESH_TOKEN' },
    response: { status: 200, body: session('vvl-VILHI3ijNrbE_Uftk4HJgdgDevFXcXwDmkKLgB0', 1746093600) },
  },
  {
    id: 'user',
    tab: 'auth',
    title: 'Who am I',
    description: 'The user the token belongs to, with their role and organisation.',
    method: 'GET',
    path: '/api/v1/auth/user',
    auth: true,
    response: { status: 200, body: { success: true, user: EXAMPLE_USER } },
  },
  {
    id: 'logout',
    tab: 'auth',
    title: 'Sign out',
    description: 'Ends the session: neither its access token nor its refresh token works afterwards.',
    method: 'POST',
    path: '/api/v1/auth/logout',
    auth: true,
    response: { status: 200, body: { success: true, message: 'Signed out' } },
  },
  {
    id: 'products',
    tab: 'list-products',
    title: 'List products',
    description:
      'No token needed. Filter by country, currency and category, by value (minValue, maxValue: products whose range overlaps) and by q, a case-insensitive search on the brand or name. Values are in the currency’s major unit; denominations lists the only values a fixed-value card allows (null: any value in range). Pages hold limit products (50 unless asked, at most 100); pass next_cursor as cursor for the next page, until it is null.',
    method: 'GET',
    path: '/api/v1/products?country=US&currency=USD&category=Retail&limit=1',
    response: list(
      'products',
      [
        {
          id: 'a3f1c2d4-5b6e-4f7a-8b9c-0d1e2f3a4b5c',
          code: 'AMAZON-US',
          name: 'Amazon.com Gift Card',
          brand: 'Amazon',
          country: 'US',
          currency: 'USD',
          minValue: 1,
          maxValue: 2000,
          denominations: null,
          payoutType: 'gift_card',
          category: 'Retail',
          logoUrl: '/api/v1/products/AMAZON-US/logo.svg',
          description: 'Millions of items, from books and electronics to groceries and home goods.',
          redemptionInstructions: 'Sign in to your Amazon account, choose "Redeem a gift card" and enter the code.',
          terms: 'This card does not expire and carries no fees.',
          available: true,
        },
      ],
      'WyJhbWF6b24uY29tIGdpZnQgY2FyZCIsIkFNQVpPTi1VUyJd',
    ),
  },
  {
    id: 'facets',
    tab: 'list-products',
    title: 'What the catalogue holds',
    description:
      'No token needed. The countries, currencies and categories present, with counts, and the catalogue’s totals; sandbox is true while the catalogue comes from the test provider. Takes the same filters as List products (country, currency, category, minValue, maxValue, q): each list is counted under all the others, not its own, so an option that would give nothing shows 0.',
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
        sandbox: false,
      },
    },
  },
  {
    id: 'create-order',
    tab: 'create-order',
    title: 'Send a reward',
    description:
      'Sends quantity rewards (1 to 100) of amount, in the product’s currency, to email, with an optional message of up to 500 characters, and holds the total on your balance. The answer is the order, pending: delivery happens in the background. Retrying with the same Idempotency-Key and body returns this same answer instead of sending again.',
    method: 'POST',
    path: '/api/v1/orders',
    auth: true,
    idempotencyKey: 'referral-bonus-8841',
    body: ORDER_REQUEST,
    response: { status: 201, body: { success: true, ...PENDING_ORDER } },
  },
  {
    id: 'get-order',
    tab: 'create-order',
    title: 'Follow an order',
    description:
      'The order with its message, one entry in rewards per reward (its code masked, and whether the recipient opened the claim link), and its history. Another organisation’s order, or an id that does not exist, answers 404 NOT_FOUND.',
    method: 'GET',
    path: '/api/v1/orders/ORDER_ID',
    auth: true,
    response: {
      status: 200,
      body: {
        success: true,
        ...EXAMPLE_ORDER,
        message: ORDER_REQUEST.message,
        // No phone was given: no text message (decision 082).
        sms: null,
        rewards: [
          {
            id: 'e1d2c3b4-a5f6-4e7d-8c9b-0a1b2c3d4e5f',
            status: 'issued',
            code_masked: '•••• 7Q2K',
            issued_at: SENT_AT,
            claim: { first_opened_at: null, open_count: 0 },
            void: null,
            chosen_product_code: null,
          },
        ],
        history: [
          { type: 'order.created', at: ISO, detail: {} },
          { type: 'order.completed', at: SENT_AT, detail: {} },
          { type: 'email.queued', at: SENT_AT, detail: { to: 'sam@example.com' } },
        ],
      },
    },
  },
  {
    id: 'list-orders',
    tab: 'create-order',
    title: 'List orders',
    description:
      'Your organisation’s orders, newest first, limit at a time (20 unless asked, at most 100); status=pending, completed or failed keeps only those, and q searches them (see Orders & Reports). Pass next_cursor as cursor for the next page, until it is null. Once your organisation is live it lists live orders; mode=sandbox lists those sent in the sandbox before (each order says sandbox: true or false).',
    method: 'GET',
    path: '/api/v1/orders?limit=20',
    auth: true,
    response: list('orders', [EXAMPLE_ORDER], null),
  },
  {
    id: 'balance',
    tab: 'create-order',
    title: 'Check your balance',
    description:
      'In your billing currency: available is what you can spend now, held what pending orders have set aside. sandbox is true while your organisation sends test rewards with play money; sandbox_limits then says the most play money the balance holds and how many addresses outside your organisation sandbox rewards may reach per day (null when live).',
    method: 'GET',
    path: '/api/v1/balance',
    auth: true,
    response: figures({
      available: 4974.37,
      held: 0,
      available_minor: 497437,
      held_minor: 0,
      sandbox: true,
      sandbox_limits: { max_balance: 100000, outside_recipients_per_day: 25, outside_recipients_today: 1 },
    }),
  },
  {
    id: 'sandbox-topup',
    tab: 'create-order',
    title: 'Add play money (sandbox)',
    description:
      'Sandbox organisations only: adds amount (more than 0, at most 100,000, in your billing currency) to available and answers the new balance. Any other organisation gets 403 FORBIDDEN.',
    method: 'POST',
    path: '/api/v1/balance/sandbox-topup',
    auth: true,
    body: { amount: 1000 },
    response: figures({ available: 6000, held: 0, available_minor: 600000, held_minor: 0, sandbox: true }),
  },
  {
    id: 'funding-instructions',
    tab: 'create-order',
    title: 'Fund by bank transfer',
    description:
      'Where a live organisation sends a bank transfer: bank_transfer.status is available with beneficiary, bank_name, account_number, routing_number, swift_code, bank_address, the reference to quote (GR- and ten characters, yours alone) and processing_time. A sandbox organisation gets status sandbox (bank transfers fund live ones), and an instance that takes no transfers not_configured.',
    method: 'GET',
    path: '/api/v1/balance/funding-instructions',
    auth: true,
    response: { status: 200, body: { success: true, bank_transfer: { status: 'sandbox' } } },
  },
  {
    id: 'search-orders',
    tab: 'reports',
    title: 'Search orders',
    description:
      'List orders, keeping those whose order id, recipient email or name, brand or product name contains q (in any case; up to 200 characters); status=pending, completed or failed keeps only those. Pages like List orders: limit, cursor and next_cursor.',
    method: 'GET',
    path: '/api/v1/orders?q=Sam&status=completed',
    auth: true,
    response: list('orders', [EXAMPLE_ORDER], null),
  },
  {
    id: 'order-stats',
    tab: 'reports',
    title: 'Count the orders a search finds',
    description:
      'The order history’s figures over the orders q and status find (all orders without them), each as the dashboard and analytics count it: how many, how many delivered (completed, partly delivered or partly voided included), pending (sending, scheduled or waiting for approval; the last two also on their own), failed, rejected, cancelled and voided, and total_value, what the sending and delivered ones cost less what went back, in your billing currency.',
    method: 'GET',
    path: '/api/v1/orders/stats?q=Sam&status=completed',
    auth: true,
    response: figures({
      total_orders: 1,
      delivered: 1,
      pending: 0,
      failed: 0,
      pending_approval: 0,
      rejected: 0,
      scheduled: 0,
      cancelled: 0,
      voided: 0,
      total_value: 25.63,
      total_value_minor: 2563,
    }),
  },
  {
    id: 'export-orders',
    tab: 'reports',
    title: 'Export orders as CSV',
    description:
      'Every order q and status find, newest first, one row per order, as a CSV download named giftrelay-orders-DATE.csv. It starts with a byte-order mark so that Excel reads it as UTF-8; a cell that a spreadsheet would run as a formula starts with an apostrophe. Add -o orders.csv to save it.',
    method: 'GET',
    path: '/api/v1/orders/export?q=Sam&status=completed',
    auth: true,
    response: {
      status: 200,
      contentType: 'text/csv',
      body: [
        'order_id,created_at,status,recipient_email,recipient_name,brand,product_name,product_code,currency,amount,quantity,subtotal,fee,total,charge_currency,charged_total,delivery_method,completed_at,failed_at,failure_reason,outcome,issued_count,failed_count,released_total,recipient_phone,sms_status',
        `${ORDER_ID},${ISO},completed,sam@example.com,,Amazon,Amazon.com Gift Card,AMAZON-US,USD,25.00,1,25.00,0.63,25.63,USD,25.63,email,${SENT_AT},,,Delivered,1,0,0.00,+15555550123,delivered`,
      ].join('\n'),
    },
  },
  {
    id: 'resend-order',
    tab: 'reports',
    title: 'Email an order again',
    description:
      'Sends a delivered order’s claim links again: emailed to its recipient and texted to its number, or to email or phone, a corrected address or number that then becomes the order’s. The order’s history records email.resent (sms.resent for an order by text only, and recipient.changed). An order that is pending or failed answers 409 CONFLICT. One order can be resent 5 times an hour, then 429 RATE_LIMITED.',
    method: 'POST',
    path: '/api/v1/orders/ORDER_ID/resend',
    auth: true,
    body: { email: 'sam.lee@example.com' },
    response: {
      status: 200,
      body: { success: true, order_id: ORDER_ID, recipient_email: 'sam.lee@example.com', recipient_phone: null },
    },
  },
  {
    id: 'balance-transactions',
    tab: 'reports',
    title: 'Balance history',
    description:
      'Every movement of your balance, newest first: funding, the hold an order places (available → held), its capture when delivered (paid from held) or its release when it fails, refunds of voided rewards. amount is signed (the available change, or the held one for a capture), direction says credit or debit, available_after is the available balance right after it. Filters: kind (one or several, comma-separated), from and to (UTC dates, both included), direction, order_id; pages like List orders. GET /api/v1/balance/statement?from=…&to=…&format=csv|pdf downloads the statement of a period (at most 366 days): opening balance, every movement, closing balance and totals by type.',
    method: 'GET',
    path: '/api/v1/balance/transactions?limit=20',
    auth: true,
    response: {
      status: 200,
      body: {
        success: true,
        data: [
          transaction({
            id: '3',
            created_at: SENT_AT,
            kind: 'capture',
            description: 'Order fulfilled',
            order_id: ORDER_ID,
            direction: 'debit',
            amount_minor: -2563,
            available_change_minor: 0,
            held_change_minor: -2563,
            available_after_minor: 497437,
          }),
          transaction({
            id: '2',
            created_at: ISO,
            kind: 'hold',
            description: 'Hold for 1 × $25.00 Amazon.com Gift Card',
            order_id: ORDER_ID,
            direction: 'debit',
            amount_minor: -2563,
            available_change_minor: -2563,
            held_change_minor: 2563,
            available_after_minor: 497437,
          }),
          transaction({
            id: '1',
            created_at: '2025-04-30T16:02:11.000Z',
            kind: 'funding',
            description: 'Sandbox starting funds',
            order_id: null,
            direction: 'credit',
            amount_minor: 500000,
            available_change_minor: 500000,
            held_change_minor: 0,
            available_after_minor: 500000,
          }),
        ],
        has_more: false,
        next_cursor: null,
      },
    },
  },
  {
    id: 'dashboard',
    tab: 'reports',
    title: 'This month at a glance',
    description:
      'This UTC calendar month (period.to is the first day of the next one), in your billing currency: monthly_load, what its orders not refunded charged; gross_margin, their fees; orders, every order; redemption_rate, the percentage of this month’s rewards whose claim page has been opened (what Analytics calls claimed share). recent_orders are your 10 latest orders, newest first; has_pending is true while one of them is pending.',
    method: 'GET',
    path: '/api/v1/dashboard',
    auth: true,
    response: figures({
      period: { from: '2025-05-01', to: '2025-06-01' },
      monthly_load: 25.63,
      gross_margin: 0.63,
      monthly_load_minor: 2563,
      gross_margin_minor: 63,
      orders: 1,
      redemption_rate: 0,
      recent_orders: [EXAMPLE_ORDER],
      has_pending: false,
    }),
  },
  {
    id: 'dashboard-charts',
    tab: 'reports',
    title: 'The last 30 days, charted',
    description:
      'The 30 UTC days up to today (period.to, tomorrow, is excluded): load_by_day, what orders not refunded charged each day (30 points, oldest first, 0 on days without orders); top_brands and top_customers, the 5 brands and the 5 recipients they charged the most for.',
    method: 'GET',
    path: '/api/v1/dashboard/charts',
    auth: true,
    response: figures({
      period: { from: '2025-04-02', to: '2025-05-02' },
      load_by_day: [{ date: '2025-05-01', value: 25.63 }],
      top_brands: [{ brand: 'Amazon', value: 25.63, orders: 1 }],
      top_customers: [{ recipient_email: 'sam@example.com', recipient_phone: null, value: 25.63, orders: 1 }],
    }),
  },
  {
    id: 'analytics',
    tab: 'reports',
    title: 'Spend over time',
    description:
      'Between from and to (UTC dates, both included; the last 30 days unless given; at most 1,830 days): spend (what orders not refunded charged), fees and orders per day, week (starting Monday) or month, as interval says (day unless given), and by brand, category and country, highest spend first. totals adds the orders completed and failed, and the rewards issued and claimed (opened by their recipient). /api/v1/analytics/export takes the same query and answers CSV.',
    method: 'GET',
    path: '/api/v1/analytics?from=2025-04-01&to=2025-05-31&interval=month',
    auth: true,
    response: figures({
      from: '2025-04-01',
      to: '2025-05-31',
      interval: 'month',
      totals: {
        spend: 25.63,
        fees: 0.63,
        spend_minor: 2563,
        fees_minor: 63,
        orders: 1,
        completed: 1,
        failed: 0,
        rewards_issued: 1,
        rewards_claimed: 0,
        claimed_share: 0,
      },
      series: [
        { period: '2025-04-01', spend: 0, fees: 0, orders: 0 },
        { period: '2025-05-01', spend: 25.63, fees: 0.63, orders: 1 },
      ],
      by_brand: [{ key: 'Amazon', spend: 25.63, fees: 0.63, orders: 1 }],
      by_category: [{ key: 'Retail', spend: 25.63, fees: 0.63, orders: 1 }],
      by_country: [{ key: 'US', spend: 25.63, fees: 0.63, orders: 1 }],
    }),
  },
  {
    id: 'error-not-found',
    tab: 'errors',
    title: 'A path that does not exist',
    description:
      'Every error has this shape. Branch on code; error is a sentence for people; request_id is the answer’s X-Request-Id header.',
    method: 'GET',
    path: '/api/v1/no-such-endpoint',
    response: failure(404, 'NOT_FOUND', 'No route for GET /api/v1/no-such-endpoint'),
  },
  {
    id: 'error-unauthorized',
    tab: 'errors',
    title: 'A request without a token',
    description: 'Endpoints that act for your organisation need a valid, unexpired bearer token.',
    method: 'GET',
    path: '/api/v1/balance',
    response: failure(401, 'UNAUTHORIZED', 'Missing bearer token'),
  },
  {
    id: 'error-insufficient-funds',
    tab: 'errors',
    title: 'An order larger than your balance',
    description:
      'Nothing is held or sent. A new sandbox organisation has 5,000.00 to spend, so 20 rewards of 250.00 (5,125.00 with the fee) are too many.',
    method: 'POST',
    path: '/api/v1/orders',
    auth: true,
    body: { product_code: 'PRODUCT_CODE', amount: 250, email: 'sam@example.com', quantity: 20 },
    response: failure(402, 'INSUFFICIENT_FUNDS', 'Insufficient balance'),
  },
  {
    id: 'error-invalid-product',
    tab: 'errors',
    title: 'An order for a product that does not exist',
    description:
      'Take product codes from List products: a code that is not there, or no longer available, answers this.',
    method: 'POST',
    path: '/api/v1/orders',
    auth: true,
    body: { product_code: 'NO-SUCH-CARD', amount: 25, email: 'sam@example.com', quantity: 1 },
    response: failure(400, 'INVALID_PRODUCT', 'Product code NO-SUCH-CARD does not exist or is not available'),
  },
  {
    id: 'error-phone-invalid',
    tab: 'errors',
    title: 'A phone number that cannot take texts',
    description:
      'phone is optional: with it, the claim links are texted as well as emailed (decision 082). It must be a mobile number in international format; details names the reason (not_e164, unknown_country_code, too_short, too_long, invalid_for_country, not_mobile) and the country. A number that replied STOP answers 409 RECIPIENT_OPTED_OUT instead. Nothing is held or sent.',
    method: 'POST',
    path: '/api/v1/orders',
    auth: true,
    body: { product_code: 'PRODUCT_CODE', amount: 25, email: 'sam@example.com', phone: '+4420', quantity: 1 },
    response: failure(400, 'PHONE_INVALID', 'phone is too short for United Kingdom (+44)', [
      { path: 'body.phone', message: 'too_short: phone is too short for United Kingdom (+44)' },
    ]),
  },
  {
    id: 'error-invalid-credentials',
    tab: 'errors',
    title: 'Signing in with a wrong password',
    description:
      'The same answer for an unknown address, so it does not tell whether an account exists. Repeated failures are rate limited.',
    method: 'POST',
    path: '/api/v1/auth/token?grant_type=password',
    body: { email: 'rewards-bot@example.com', password: 'not-the-password' },
    response: failure(400, 'INVALID_CREDENTIALS', 'Invalid email or password'),
  },
  {
    id: 'error-email-not-confirmed',
    tab: 'errors',
    title: 'Signing in before verifying the address',
    description: 'Open the link in the verification email first (POST /api/v1/auth/resend sends a new one).',
    method: 'POST',
    path: '/api/v1/auth/token?grant_type=password',
    body: { email: 'rewards-bot@example.com', password: 'a-long-random-password' },
    response: failure(
      403,
      'EMAIL_NOT_CONFIRMED',
      'Email not confirmed. Check your inbox for the verification link, or send a new one.',
    ),
  },
  {
    id: 'error-validation',
    tab: 'errors',
    title: 'A request that does not validate',
    description:
      'details lists every field that is wrong, by its path in the request (body.x, query.x, params.x or headers.x); error repeats the first. Text with NUL, other control characters (line breaks only in messages) or unpaired UTF-16 surrogates is refused the same way, and nothing is stored.',
    method: 'GET',
    path: '/api/v1/products?currency=EURO&limit=500',
    response: failure(
      400,
      'VALIDATION_ERROR',
      'query.currency: must be an ISO 4217 currency code such as USD, GBP or CAD',
      [
        { path: 'query.currency', message: 'must be an ISO 4217 currency code such as USD, GBP or CAD' },
        { path: 'query.limit', message: 'must be a whole number from 1 to 100' },
      ],
    ),
  },
  {
    id: 'create-choice-set',
    tab: 'choice',
    title: 'Make a choice set',
    description:
      'Owners and admins (or a key with orders:write): a name and either product_codes (1 to 50 products) or a rule ({category, country, currency}, at least one), never both. A product code that does not exist answers 400 INVALID_PRODUCT; GET /api/v1/choice-sets lists the sets, PATCH and DELETE /api/v1/choice-sets/{id} change or remove one (orders placed from it keep their cards).',
    method: 'POST',
    path: '/api/v1/choice-sets',
    auth: true,
    body: { name: 'Coffee and books', product_codes: ['PRODUCT_CODE'] },
    response: { status: 201, body: { success: true, choice_set: CHOICE_SET } },
  },
  {
    id: 'choice-set-options',
    tab: 'choice',
    title: 'What a set offers at a value',
    description:
      'The cards of the set that take amount in currency now, as the recipient would see them: a rule that leaves none, or a value no card of the set takes, answers an empty list (an order from it would be refused with 400 CHOICE_EMPTY). Another organisation’s set answers 404 CHOICE_SET_NOT_FOUND.',
    method: 'GET',
    path: '/api/v1/choice-sets/CHOICE_SET_ID/options?amount=25&currency=USD',
    auth: true,
    response: { status: 200, body: { success: true, options: [CHOICE_OPTION] } },
  },
  {
    id: 'create-choice-order',
    tab: 'choice',
    title: 'Send a reward of their choice',
    description:
      'An order with choice ({choice_set_id} or {product_codes}) and currency instead of product_code: one reward of amount, its total held as for any order, and nothing asked of the provider until the recipient picks. Every card must take the value (400 INVALID_PRODUCT names each that does not; a set that offers nothing is 400 CHOICE_EMPTY). expires_in_days (1 to 730), or expires_at, or your organisation’s default, is when an unchosen reward expires and its whole hold comes back (reward.expired). Until the pick, POST /api/v1/orders/{id}/void closes it and releases the hold in full (the order becomes cancelled; reward.voided). A bulk batch sends choices with a choice_set and currency per row, or default_choice_set_id.',
    method: 'POST',
    path: '/api/v1/orders',
    auth: true,
    idempotencyKey: 'referral-choice-8842',
    body: {
      choice: { choice_set_id: 'CHOICE_SET_ID' },
      currency: 'USD',
      amount: 25,
      email: 'sam@example.com',
      expires_in_days: 30,
    },
    response: { status: 201, body: { success: true, ...CHOICE_ORDER } },
  },
  {
    id: 'claim-choice',
    tab: 'choice',
    title: 'The recipient’s options (claim page)',
    description:
      'No token: the claim link’s token (CLAIM_TOKEN, from the link in the recipient’s email) is the key. status is awaiting_choice until the pick, then pending and issued; voided when the sender voided the reward or it expired before the pick. A card the provider ran out of at a pick shows available: false and problem says out_of_stock. An unknown token answers 404 NOT_FOUND.',
    method: 'GET',
    path: '/api/v1/claims/CLAIM_TOKEN/choice',
    response: claimChoice('awaiting_choice', null),
  },
  {
    id: 'claim-pick',
    tab: 'choice',
    title: 'The recipient picks a card',
    description:
      'Issues the chosen card (reward.choice_made, then order.completed) and answers once it is issued, or pending after 5 seconds (ask again). The same pick again answers the same; another card after it is 409 CHOICE_ALREADY_MADE; a code outside the options 400 INVALID_PRODUCT; a card that ran out 409 CHOICE_OUT_OF_STOCK (pick another); a voided, expired or unsent reward 409 CHOICE_CLOSED. GET /api/v1/claims/CLAIM_TOKEN then shows the code.',
    method: 'POST',
    path: '/api/v1/claims/CLAIM_TOKEN/choice',
    body: { product_code: 'PRODUCT_CODE' },
    response: claimChoice('issued', 'AMAZON-US'),
  },
];

/** The error codes the Errors tab explains, in the order it lists them. */
export const DOCUMENTED_ERRORS: { code: string; status: number; meaning: string }[] = [
  {
    code: 'VALIDATION_ERROR',
    status: 400,
    meaning:
      'A field is missing, malformed or out of range, has control characters or unpaired surrogates, or a cursor was changed; details names each one (body.x, query.x, params.x, headers.x).',
  },
  {
    code: 'UNAUTHORIZED',
    status: 401,
    meaning: 'The bearer token is missing, invalid or expired. Refresh the session.',
  },
  {
    code: 'INVALID_CREDENTIALS',
    status: 400,
    meaning: 'Signing in: the email address or the password is wrong (the answer does not say which).',
  },
  { code: 'WEAK_PASSWORD', status: 400, meaning: 'Signing up: the password is one of the most common ones.' },
  {
    code: 'INVALID_LINK',
    status: 400,
    meaning: 'A verification or password-reset token is not valid or was already used.',
  },
  {
    code: 'LINK_EXPIRED',
    status: 400,
    meaning: 'A verification or password-reset token has expired. Ask for a new one.',
  },
  { code: 'EMAIL_NOT_CONFIRMED', status: 403, meaning: 'The account has not verified its email address yet.' },
  {
    code: 'FORBIDDEN',
    status: 403,
    meaning: 'Your organisation may not do this, such as adding play money outside the sandbox.',
  },
  {
    code: 'INSUFFICIENT_FUNDS',
    status: 402,
    meaning: 'Your balance cannot cover the order’s total. Nothing was charged.',
  },
  {
    code: 'BUDGET_EXCEEDED',
    status: 422,
    meaning:
      'The order or batch does not fit what is left of your monthly budget (or your API key’s); the message says what is left. Nothing was sent. GET /api/v1/budgets/me shows it.',
  },
  {
    code: 'SPEND_CAP_EXCEEDED',
    status: 422,
    meaning:
      'Your API key’s spend cap per reward, UTC day or month does not cover it; the message says which cap and what is left. Nothing was sent.',
  },
  {
    code: 'RECIPIENT_DOMAIN_NOT_ALLOWED',
    status: 403,
    meaning: 'Your API key may send only to its allowed recipient domains, new addresses of a resend included.',
  },
  {
    code: 'INVALID_PRODUCT',
    status: 400,
    meaning: 'The product code does not exist or the product is no longer available.',
  },
  { code: 'NOT_FOUND', status: 404, meaning: 'No such endpoint, or no such object in your organisation.' },
  {
    code: 'CHOICE_SET_NOT_FOUND',
    status: 404,
    meaning: 'No such choice set in your organisation (another organisation’s set answers the same).',
  },
  {
    code: 'CHOICE_EMPTY',
    status: 400,
    meaning: 'The choice set offers no card at this value and currency now. Nothing was sent or held.',
  },
  {
    code: 'CHOICE_ALREADY_MADE',
    status: 409,
    meaning: 'The recipient chose another card for this reward already.',
  },
  {
    code: 'CHOICE_OUT_OF_STOCK',
    status: 409,
    meaning: 'The card picked is not available now: the reward is still the recipient’s, pick another.',
  },
  {
    code: 'CHOICE_CLOSED',
    status: 409,
    meaning: 'The reward can no longer be chosen: it was voided, expired, or has not been sent yet.',
  },
  {
    code: 'METHOD_NOT_ALLOWED',
    status: 405,
    meaning: 'The path exists but not with this method; the Allow header lists the methods it takes.',
  },
  {
    code: 'CONFLICT',
    status: 409,
    meaning: 'The object is not in a state that allows this, such as resending an order that is not delivered.',
  },
  {
    code: 'IDEMPOTENCY_KEY_IN_USE',
    status: 409,
    meaning: 'A request with this Idempotency-Key is still running. Retry after the Retry-After header.',
  },
  {
    code: 'IDEMPOTENCY_KEY_REUSED',
    status: 422,
    meaning: 'This Idempotency-Key was used with a different body in the last 48 hours. Use a new key.',
  },
  { code: 'PAYLOAD_TOO_LARGE', status: 413, meaning: 'The request body is larger than 1 MB.' },
  {
    code: 'HEADERS_TOO_LARGE',
    status: 431,
    meaning: 'The request headers (cookies included) are larger than 16 KB. The connection is closed.',
  },
  {
    code: 'REQUEST_TIMEOUT',
    status: 408,
    meaning: 'The request did not arrive in time. The connection is closed; retry.',
  },
  {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    status: 415,
    meaning: 'The body is not JSON (text/plain, a form, XML…). Send request bodies as application/json.',
  },
  {
    code: 'RATE_LIMITED',
    status: 429,
    meaning:
      'Too many requests for your organisation. Wait the seconds in the Retry-After header, then retry. Every authenticated answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.',
  },
  {
    code: 'INTERNAL_ERROR',
    status: 500,
    meaning: 'Something failed on our side. Retrying with the same Idempotency-Key is safe.',
  },
  { code: 'SERVICE_UNAVAILABLE', status: 503, meaning: 'A dependency is down for a moment. Retry with backoff.' },
];
