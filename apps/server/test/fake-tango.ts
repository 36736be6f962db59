import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TangoOrderRequestSchema } from '../src/providers/gift-cards/tango/schemas';

/**
 * A fake of Tango Card's RaaS v2 at its HTTP edge, in the test's process (issue 17): it answers in
 * the shapes of Tango's public documentation, error bodies included, and holds the behaviour the
 * adapter depends on: HTTP Basic auth, `externalRefID` idempotency (201 first, 200 for a repeat),
 * the account's balance, inactive items, a one-request-per-second limit answered with 429, and
 * controls to fail, delay or swallow answers. Every request is recorded for the contract test.
 */
export interface FakeTangoOptions {
  platformName?: string;
  platformKey?: string;
  /** Catalogue items beyond the few named ones (for the 5,000-item sync). */
  extraItems?: number;
  /** Requests per second before 429 (0: no limit). */
  requestsPerSecond?: number;
  balance?: number;
  /** Time each answer takes (the bench's 200 ms). */
  latencyMs?: number;
  /**
   * Orders of these amounts are placed but never answered, and looking them up answers 500: cards
   * that may exist, which wait for an operator (decision 058). For the live end-to-end server,
   * whose specs share one fake and so cannot plan "the next request".
   */
  lostAmounts?: number[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
  at: number;
}

type Planned = (
  | { kind: 'status'; status: number; body: object; times: number }
  | { kind: 'hang'; times: number }
  | { kind: 'delay'; ms: number; times: number }
) & {
  /** Only requests of this method and path (without the query) take it; others pass by. */
  only?: { method: string; path: string };
};

interface StoredOrder {
  referenceOrderID: string;
  externalRefID: string;
  utid: string;
  amount: number;
  currencyCode: string;
  createdAt: string;
  code: string;
  pin: string;
}

export const FAKE_TANGO = {
  customerId: 'GiftRelayCustomer',
  accountId: 'GiftRelayAccount',
  activeRangeUtid: 'U157189',
  activeFixedUtid: 'U426141',
  inactiveUtid: 'U000001',
};

export class FakeTango {
  readonly requests: RecordedRequest[] = [];
  readonly orders = new Map<string, StoredOrder>();
  rateLimited = 0;
  balance: number;
  #plans: Planned[] = [];
  #server: Server;
  #lastAt = 0;
  #opts: Required<FakeTangoOptions>;
  #hung: ServerResponse[] = [];

  constructor(opts: FakeTangoOptions = {}) {
    this.#opts = {
      platformName: 'GiftRelayPlatform',
      platformKey: 'fake-platform-key',
      extraItems: 0,
      requestsPerSecond: 0,
      balance: 100_000,
      latencyMs: 0,
      lostAmounts: [],
      ...opts,
    };
    this.balance = this.#opts.balance;
    this.#server = createServer((req, res) => void this.#handle(req, res));
  }

  get options() {
    return this.#opts;
  }

  /** Listens on `port` (0: any free one; the live end-to-end server uses a fixed one). */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/raas/v2`;
  }

  async stop() {
    for (const res of this.#hung) res.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The next `times` requests answer `status` with `body` (an error body as Tango writes them). */
  failNext(status: number, body: object, times = 1, only?: { method: string; path: string }) {
    this.#plans.push({ kind: 'status', status, body, times, only });
  }

  /** The next `times` requests are handled (an order is placed) but never answered. */
  hangNext(times = 1, only?: { method: string; path: string }) {
    this.#plans.push({ kind: 'hang', times, only });
  }

  delayNext(ms: number, times = 1) {
    this.#plans.push({ kind: 'delay', ms, times });
  }

  ordersPlaced(): number {
    return this.orders.size;
  }

  async #handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const path = url.pathname.replace(/^\/raas\/v2/, '');
    const now = Date.now();
    this.requests.push({
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      body,
      authorization: req.headers.authorization,
      at: now,
    });

    const send = (status: number, payload: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, i18nKey: string, message: string, errors?: object[]) =>
      send(status, {
        timestamp: new Date().toISOString(),
        requestId: randomBytes(8).toString('hex'),
        path: url.pathname,
        httpCode: status,
        httpPhrase: status === 429 ? 'TOO_MANY_REQUESTS' : status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST',
        i18nKey,
        message,
        ...(errors ? { errors } : {}),
      });

    // The platform's own limit, as Tango enforces it.
    const { requestsPerSecond } = this.#opts;
    if (requestsPerSecond > 0) {
      const gap = 1000 / requestsPerSecond;
      if (this.#lastAt && now - this.#lastAt < gap * 0.9) {
        this.rateLimited++;
        return error(429, 'rate.limit.exceeded', 'Too many requests');
      }
      this.#lastAt = now;
    }
    const expected = `Basic ${Buffer.from(`${this.#opts.platformName}:${this.#opts.platformKey}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return error(401, 'unauthorized', 'Full authentication is required to access this resource');
    }

    if (this.#opts.latencyMs) await new Promise((r) => setTimeout(r, this.#opts.latencyMs));
    const plan = this.#plans[0];
    const takes = plan && (!plan.only || (plan.only.method === req.method && plan.only.path === path));
    let hang = false;
    if (plan && takes) {
      plan.times--;
      if (plan.times <= 0) this.#plans.shift();
      if (plan.kind === 'status') return send(plan.status, { httpCode: plan.status, ...plan.body });
      if (plan.kind === 'delay') await new Promise((r) => setTimeout(r, plan.ms));
      if (plan.kind === 'hang') hang = true;
    }
    const answer = (status: number, payload: object) => {
      if (hang) this.#hung.push(res);
      else send(status, payload);
    };

    if (req.method === 'GET' && path === '/catalogs') return answer(200, this.#catalog());
    if (req.method === 'GET' && path === `/accounts/${FAKE_TANGO.accountId}`) {
      return answer(200, {
        accountIdentifier: FAKE_TANGO.accountId,
        accountNumber: 'A11720237',
        displayName: 'GiftRelay',
        currencyCode: 'USD',
        currentBalance: this.balance,
        createdAt: '2025-01-01T00:00:00.000Z',
        status: 'ACTIVE',
        contactEmail: 'finance@giftrelay.example',
      });
    }
    if (req.method === 'POST' && path === '/orders') {
      const parsed = TangoOrderRequestSchema.safeParse(body);
      if (!parsed.success) {
        return error(
          400,
          'invalid.request',
          'The request is invalid',
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), i18nKey: 'invalid', message: i.message })),
        );
      }
      const o = parsed.data;
      const prior = this.orders.get(o.externalRefID);
      const lost = this.#opts.lostAmounts.includes(o.amount);
      if (prior && lost) {
        this.#hung.push(res);
        return;
      }
      if (prior) return answer(200, this.#present(prior));
      if (o.utid === FAKE_TANGO.inactiveUtid) return error(400, 'item.inactive', 'The item is not active');
      if (o.utid === FAKE_TANGO.activeFixedUtid && o.amount !== 25) {
        return error(400, 'invalid.amount', 'The amount is not a valid value for this item');
      }
      if (o.amount > this.balance) return error(400, 'insufficient.funds', 'Insufficient funds in the account');
      this.balance -= o.amount;
      const stored: StoredOrder = {
        referenceOrderID: `RA${randomBytes(4).toString('hex').toUpperCase()}`,
        externalRefID: o.externalRefID,
        utid: o.utid,
        amount: o.amount,
        currencyCode: 'USD',
        createdAt: new Date().toISOString(),
        code: `TNG-${randomBytes(6).toString('hex').toUpperCase()}`,
        pin: String(1000 + Math.floor(Math.random() * 9000)),
      };
      this.orders.set(o.externalRefID, stored);
      if (lost) {
        this.#hung.push(res);
        return;
      }
      return answer(201, this.#present(stored));
    }
    if (req.method === 'GET' && path === '/orders') {
      const ref = url.searchParams.get('externalRefID');
      const found = [...this.orders.values()].filter((o) => !ref || o.externalRefID === ref);
      if (ref && found.some((o) => this.#opts.lostAmounts.includes(o.amount))) {
        return error(500, 'internal.error', 'Internal error');
      }
      // The list leaves the credentials out; the order itself has them.
      return answer(200, {
        page: { number: 0, elementsPerBlock: 10, resultCount: found.length, totalCount: found.length },
        orders: found.map((o) => {
          const { reward: _reward, ...rest } = this.#present(o);
          return rest;
        }),
      });
    }
    const one = /^\/orders\/([A-Z0-9]+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const o = [...this.orders.values()].find((x) => x.referenceOrderID === one[1]);
      return o ? answer(200, this.#present(o)) : error(404, 'order.not.found', 'Order not found');
    }
    return error(404, 'not.found', 'No such resource');
  }

  #present(o: StoredOrder) {
    return {
      referenceOrderID: o.referenceOrderID,
      customerIdentifier: FAKE_TANGO.customerId,
      accountIdentifier: FAKE_TANGO.accountId,
      accountNumber: 'A11720237',
      amount: { value: o.amount, currencyCode: o.currencyCode, exchangeRate: 1, fee: 0, total: o.amount },
      utid: o.utid,
      rewardName: o.utid === FAKE_TANGO.activeFixedUtid ? 'Tango Fixed $25' : 'Tango Range Card',
      sender: { firstName: '', lastName: '', email: '' },
      recipient: { email: '', firstName: '', lastName: '' },
      sendEmail: false,
      status: 'COMPLETE',
      createdAt: o.createdAt,
      externalRefID: o.externalRefID,
      reward: {
        credentials: { 'Claim Code': o.code, PIN: o.pin, 'Redemption URL': 'https://www.example.com/redeem' },
        credentialList: [
          { label: 'Claim Code', value: o.code, type: 'text', credentialType: 'claimCode' },
          { label: 'PIN', value: o.pin, type: 'text', credentialType: 'pin' },
          {
            label: 'Redemption URL',
            value: 'https://www.example.com/redeem',
            type: 'url',
            credentialType: 'redemptionUrl',
          },
        ],
        redemptionInstructions: '<p>Enter the claim code at checkout.</p>',
      },
    };
  }

  #catalog() {
    const item = (utid: string, name: string, extra: object) => ({
      utid,
      rewardName: name,
      currencyCode: 'USD',
      status: 'active',
      valueType: 'VARIABLE_VALUE',
      rewardType: 'gift card',
      isWholeAmountValueRequired: false,
      minValue: 1,
      maxValue: 2000,
      createdDate: '2024-01-01T00:00:00Z',
      lastUpdateDate: '2025-01-01T00:00:00Z',
      countries: ['US'],
      credentialTypes: ['claimCode', 'pin'],
      redemptionInstructions: '<p>Redeem at <b>checkout</b>.</p>',
      fulfillmentType: 'DIGITAL',
      ...extra,
    });
    const brand = (brandKey: string, brandName: string, items: object[]) => ({
      brandKey,
      brandName,
      disclaimer: '',
      description: `<p>${brandName} &amp; friends.</p>`,
      shortDescription: `${brandName} gift card`,
      terms: '<p>No cash value.</p>',
      createdDate: '2024-01-01T00:00:00Z',
      lastUpdateDate: '2025-01-01T00:00:00Z',
      imageUrls: { '80w-326ppi': 'https://dwwvg90koz96l.cloudfront.net/images/brands/b1.png' },
      status: 'active',
      categories: [{ categoryId: 1, name: 'Retail' }],
      items,
    });
    const extra = Array.from({ length: this.#opts.extraItems }, (_, i) =>
      item(`U9${String(i).padStart(6, '0')}`, `Catalogue Card ${i}`, {}),
    );
    return {
      catalogName: 'GiftRelay catalogue',
      brands: [
        brand('B000001', 'Tango Range', [item(FAKE_TANGO.activeRangeUtid, 'Tango Range Card', {})]),
        brand('B000002', 'Tango Fixed', [
          item(FAKE_TANGO.activeFixedUtid, 'Tango Fixed $25', {
            valueType: 'FIXED_VALUE',
            faceValue: 25,
            minValue: null,
            maxValue: null,
          }),
          item(FAKE_TANGO.inactiveUtid, 'Retired Card', { status: 'inactive' }),
        ]),
        brand('B000003', 'Catalogue Brand', extra),
      ],
    };
  }
}
