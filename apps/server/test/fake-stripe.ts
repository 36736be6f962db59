import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A fake of Stripe at its HTTP edge, in the test's process (decision 046). It answers the calls
 * the app makes through the official SDK in the shapes of Stripe's public API reference —
 * `POST /v1/checkout/sessions` (form-encoded, with Idempotency-Key), `GET
 * /v1/checkout/sessions/{id}`, `GET /v1/checkout/sessions?payment_intent=` — and serves a hosted
 * "checkout page" (`GET /pay/{session}`) whose Pay button marks the session paid and posts a
 * signed `checkout.session.completed` to the app's webhook, as Stripe would. Events are signed
 * the way the SDK signs them (`stripe.webhooks.generateTestHeaderString`). Tests also build
 * refund and dispute events about a paid session, and deliver any event in any order, twice.
 */
export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where Pay posts `checkout.session.completed` (the app's /api/v1/stripe/webhook). */
  webhookUrl?: string;
}

export const FAKE_STRIPE = {
  secretKey: 'sk_test_fakeStripeSecretKey123',
  webhookSecret: 'whsec_fakeStripeWebhookSecret123',
};

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
  line_items_requested: { name: string; unit_amount: number; quantity: number }[];
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  disputed: boolean;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
}

export interface RecordedStripeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=1` form encoding (what the SDK sends) into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else {
        if (slot[part] === undefined) slot[part] = /^\d+$/.test(parts[i + 1] as string) ? [] : {};
        node = slot[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export class FakeStripe {
  readonly requests: RecordedStripeRequest[] = [];
  readonly sessions = new Map<string, FakeSession>();
  readonly charges = new Map<string, FakeCharge>();
  /** What Pay posted to the webhook, and the status the app answered. */
  readonly deliveries: { type: string; status: number }[] = [];
  webhookUrl: string | undefined;
  #byIdempotencyKey = new Map<string, string>();
  #server: Server;
  #opts: Required<Omit<FakeStripeOptions, 'webhookUrl'>>;
  #base = '';
  #failNext = 0;

  constructor(opts: FakeStripeOptions = {}) {
    this.#opts = { secretKey: FAKE_STRIPE.secretKey, webhookSecret: FAKE_STRIPE.webhookSecret, ...opts };
    this.webhookUrl = opts.webhookUrl;
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((err) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
      });
    });
  }

  /** Listens (port 0: any free one) and answers the base to give STRIPE_API_BASE. */
  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(port, host, resolve));
    this.#base = `http://${host}:${(this.#server.address() as AddressInfo).port}`;
    return this.#base;
  }

  async stop() {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The next `times` API calls answer 500 as Stripe's api_error. */
  failNext(times = 1) {
    this.#failNext += times;
  }

  /** The app's environment for this fake. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.#opts.secretKey,
      STRIPE_WEBHOOK_SECRET: this.#opts.webhookSecret,
      STRIPE_API_BASE: this.#base,
    };
  }

  // ---- what the customer does on the hosted page, and what Stripe's back office does later ----

  /** The customer paid: the session completes with a payment intent and a succeeded charge. */
  pay(sessionId: string): FakeSession {
    const session = this.#session(sessionId);
    if (session.payment_status === 'paid') return session;
    const paymentIntent = id('pi');
    Object.assign(session, { payment_status: 'paid', status: 'complete', payment_intent: paymentIntent, url: null });
    const charge: FakeCharge = {
      id: id('ch'),
      object: 'charge',
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      captured: true,
      created: now(),
      currency: session.currency,
      disputed: false,
      livemode: false,
      metadata: session.metadata,
      paid: true,
      payment_intent: paymentIntent,
      refunded: false,
      status: 'succeeded',
    };
    this.charges.set(charge.id, charge);
    return session;
  }

  chargeOf(sessionId: string): FakeCharge {
    const pi = this.#session(sessionId).payment_intent;
    const charge = [...this.charges.values()].find((c) => c.payment_intent === pi);
    if (!charge) throw new Error(`session ${sessionId} has no charge: pay it first`);
    return charge;
  }

  /** Refunds `amount` more of the session's charge; the charge's `amount_refunded` is cumulative. */
  refund(sessionId: string, amount: number): FakeCharge {
    const charge = this.chargeOf(sessionId);
    charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + amount);
    charge.refunded = charge.amount_refunded === charge.amount;
    return { ...charge };
  }

  /** A dispute of the session's charge, as charge.dispute.* events carry it. */
  dispute(sessionId: string, f: { amount?: number; status?: string; id?: string } = {}) {
    const charge = this.chargeOf(sessionId);
    charge.disputed = true;
    return {
      id: f.id ?? id('dp'),
      object: 'dispute' as const,
      amount: f.amount ?? charge.amount,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason: 'fraudulent',
      status: f.status ?? 'needs_response',
    };
  }

  /** An event as Stripe sends it (a snapshot of `object`). */
  event(type: string, object: object, eventId = id('evt')) {
    return {
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** The Stripe-Signature header for `payload`, made with the SDK's own test helper. */
  sign(payload: string, opts: { secret?: string; timestamp?: number } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? this.#opts.webhookSecret,
      ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
    });
  }

  // ---- the HTTP edge ----

  #session(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no fake session ${sessionId}`);
    return session;
  }

  async #handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };

    if (url.pathname.startsWith('/pay/')) return this.#hostedPage(req, res, url);

    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: parseStripeForm(text),
      idempotencyKey,
      authorization: req.headers.authorization,
    });
    if (req.headers.authorization !== `Bearer ${this.#opts.secretKey}`) {
      return send(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_********' },
      });
    }
    if (this.#failNext > 0) {
      this.#failNext--;
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const known = idempotencyKey ? this.#byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return send(200, this.#public(this.#session(known)));
      const session = this.#create(parseStripeForm(text));
      if ('error' in session) return send(400, session);
      if (idempotencyKey) this.#byIdempotencyKey.set(idempotencyKey, session.id);
      return send(200, this.#public(session));
    }
    if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const pi = url.searchParams.get('payment_intent');
      const data = [...this.sessions.values()].filter((s) => !pi || s.payment_intent === pi);
      return send(200, {
        object: 'list',
        data: data.map((s) => this.#public(s)),
        has_more: false,
        url: '/v1/checkout/sessions',
      });
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      const session = this.sessions.get(decodeURIComponent(one[1] as string));
      if (!session) {
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'session',
            message: `No such checkout.session: '${one[1]}'`,
          },
        });
      }
      return send(200, this.#public(session));
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
    });
  }

  #create(form: Record<string, unknown>): FakeSession | { error: object } {
    const invalid = (param: string, message: string) => ({
      error: { type: 'invalid_request_error', code: 'parameter_invalid', param, message },
    });
    if (form.mode !== 'payment') return invalid('mode', 'mode must be payment in this fake');
    if (typeof form.success_url !== 'string') return invalid('success_url', 'Missing required param: success_url.');
    const items = (form.line_items as Record<string, Record<string, Record<string, unknown>>>[] | undefined) ?? [];
    if (!items.length) return invalid('line_items', 'Missing required param: line_items.');
    let currency = '';
    const requested = items.map((item, i) => {
      const price = item.price_data as Record<string, unknown> | undefined;
      const unit = Number(price?.unit_amount);
      if (!price || !Number.isSafeInteger(unit) || unit < 0) throw new Error(`line_items[${i}] has no unit_amount`);
      currency = String(price.currency);
      return {
        name: String((price.product_data as Record<string, unknown>)?.name ?? ''),
        unit_amount: unit,
        quantity: Number(item.quantity ?? 1),
      };
    });
    const total = requested.reduce((s, l) => s + l.unit_amount * l.quantity, 0);
    const sessionId = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: (form.cancel_url as string | undefined) ?? null,
      client_reference_id: (form.client_reference_id as string | undefined) ?? null,
      created: now(),
      currency,
      customer_email: (form.customer_email as string | undefined) ?? null,
      expires_at: now() + 24 * 3600,
      livemode: false,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url,
      url: `${this.#base}/pay/${sessionId}`,
      line_items_requested: requested,
    };
    this.sessions.set(sessionId, session);
    return session;
  }

  #public(s: FakeSession) {
    const { line_items_requested: _, ...rest } = s;
    return rest;
  }

  /** Signs and posts `event` to the webhook URL; answers the app's status. */
  async deliver(event: object, url = this.webhookUrl): Promise<number> {
    if (!url) throw new Error('the fake Stripe has no webhook URL');
    const payload = JSON.stringify(event, null, 2);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': this.sign(payload) },
      body: payload,
    });
    this.deliveries.push({ type: (event as { type: string }).type, status: res.status });
    return res.status;
  }

  async #hostedPage(req: IncomingMessage, res: ServerResponse, url: URL) {
    const sessionId = decodeURIComponent(url.pathname.slice('/pay/'.length));
    const session = this.sessions.get(sessionId);
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('No such checkout');
    }
    if (req.method === 'POST') {
      this.pay(sessionId);
      const event = this.event('checkout.session.completed', this.#public(session));
      // `?late=ms`: the customer is back before the webhook arrives, as happens with Stripe.
      const late = Number(url.searchParams.get('late') ?? 0);
      if (late > 0) setTimeout(() => void this.deliver(event).catch(() => {}), Math.min(late, 30_000));
      else await this.deliver(event);
      const to = (session.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', session.id);
      res.writeHead(303, { location: to });
      return res.end();
    }
    const money = (minor: number) => `${(minor / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const lines = session.line_items_requested
      .map((l) => `<li>${html(l.name)}: ${money(l.unit_amount * l.quantity)}</li>`)
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Fake Stripe Checkout</h1><ul>${lines}</ul><p>Total: <strong>${money(session.amount_total)}</strong></p>
${session.status === 'open' ? `<form method="post" action="/pay/${html(session.id)}"><button type="submit">Pay ${money(session.amount_total)}</button></form><form method="post" action="/pay/${html(session.id)}?late=3000"><button type="submit">Pay, confirmed 3 s later</button></form>` : '<p>Paid.</p>'}
${session.cancel_url ? `<p><a href="${html(session.cancel_url)}">Cancel and go back</a></p>` : ''}</main></body></html>`);
  }
}
