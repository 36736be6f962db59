import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, METHODS, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import { unauthorized } from '../lib/errors';
import { queueSnapshot } from './metrics-queues';

/**
 * What the app counts (decision 072). Every label has a small, fixed set of values: a route's
 * pattern (never its URL), a status, a mode, an outcome, a queue's name. Counters live in this
 * process: Prometheus sums them over the processes it scrapes.
 */
export interface AppMetrics {
  registry: Registry;
  /** Orders written (single, batch rows, waiting for approval or not), by mode. */
  ordersPlaced: Counter<'mode'>;
  /** Orders that reached their end in fulfilment: completed, partial or failed, by mode. */
  ordersSettled: Counter<'mode' | 'outcome'>;
  /** From the moment an order's fulfilment job may start to the order's end, retries included. */
  fulfilmentSeconds: Histogram<'mode' | 'outcome'>;
  /** Each call to a gift-card provider, and how it ended (`ok`, or the ProviderError's kind). */
  providerCallSeconds: Histogram<'provider' | 'operation' | 'outcome'>;
  /** Each webhook POST, `succeeded` (2xx) or `failed`. */
  webhookAttemptSeconds: Histogram<'outcome'>;
  /** Webhook deliveries given up after their last attempt. */
  webhookDeliveriesFailed: Counter;
}

export const modeLabel = (sandbox: boolean) => (sandbox ? 'sandbox' : 'live');

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const KNOWN_METHODS = new Set(METHODS);

/** Constant-time, and of digests so the lengths compared are always equal. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';

/**
 * Prometheus metrics (prom-client). `/metrics` is served only when METRICS_TOKEN or METRICS_PORT is
 * set: on its own listener when METRICS_PORT is (and then not on the app's port), behind the bearer
 * token when METRICS_TOKEN is. Neither: nothing is served (the path is the app's 404) and nothing is
 * timed per request. The counters modules increment always exist; they cost a map lookup.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const settings = opts.config.metrics;
    const registry = new Registry();
    const seconds = (name: string, help: string, labelNames: string[], buckets: number[]) =>
      new Histogram({ name, help, labelNames, buckets, registers: [registry] });
    const metrics: AppMetrics = {
      registry,
      ordersPlaced: new Counter({
        name: 'giftrelay_orders_placed_total',
        help: 'Orders written, by mode (sandbox or live)',
        labelNames: ['mode'],
        registers: [registry],
      }),
      ordersSettled: new Counter({
        name: 'giftrelay_orders_settled_total',
        help: 'Orders that reached their end in fulfilment, by mode and outcome (completed, partial, failed)',
        labelNames: ['mode', 'outcome'],
        registers: [registry],
      }),
      fulfilmentSeconds: seconds(
        'giftrelay_fulfilment_duration_seconds',
        'From the moment an order may be fulfilled to its end, queueing and retries included',
        ['mode', 'outcome'],
        [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
      ),
      providerCallSeconds: seconds(
        'giftrelay_provider_call_duration_seconds',
        'Calls to the gift-card provider, by provider, operation and outcome (ok or the failure kind)',
        ['provider', 'operation', 'outcome'],
        [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
      ),
      webhookAttemptSeconds: seconds(
        'giftrelay_webhook_attempt_duration_seconds',
        'Webhook POSTs, by outcome (succeeded: a 2xx answer; failed: anything else)',
        ['outcome'],
        [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      ),
      webhookDeliveriesFailed: new Counter({
        name: 'giftrelay_webhook_deliveries_failed_total',
        help: 'Webhook deliveries given up after their last attempt',
        registers: [registry],
      }),
    };
    app.decorate('metrics', metrics);
    if (!settings) return;

    // Event-loop lag, memory, CPU, handles, GC under their standard names (nodejs_*, process_*), so
    // the usual Node.js dashboards read them as they are.
    collectDefaultMetrics({ register: registry });
    const requestLabels = ['method', 'route', 'status'];
    const requests = new Counter({
      name: 'giftrelay_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: requestLabels,
      registers: [registry],
    });
    const requestSeconds = seconds(
      'giftrelay_http_request_duration_seconds',
      'Time to answer HTTP requests, by method, route pattern and status',
      requestLabels,
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    );
    app.addHook('onResponse', (request, reply, done) => {
      const labels = {
        method: KNOWN_METHODS.has(request.method) ? request.method : 'OTHER',
        // The pattern (`/api/v1/orders/:id`), never the URL: ids would make a series per order.
        // No route (a page of the web app, a 404): one value for all of them.
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      requestSeconds.observe(labels, reply.elapsedTime / 1000);
      done();
    });
    registerScrapeTimeGauges(app, registry);

    const authorised = (header: string | undefined) => !settings.token || sameToken(bearer(header), settings.token);
    if (settings.port === null) {
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        if (!authorised(request.headers.authorization))
          throw unauthorized('/metrics needs METRICS_TOKEN as a bearer token', 'bearer');
        return reply.header('content-type', registry.contentType).send(await registry.metrics());
      });
      return;
    }
    const port = settings.port;
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = createServer((req, res) => {
        const path = (req.url ?? '').split('?')[0];
        if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
          return;
        }
        if (!authorised(req.headers.authorization)) {
          res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
          return;
        }
        registry.metrics().then(
          (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
          (err) => {
            app.log.error({ err }, 'metrics could not be collected');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(port, opts.config.host, () => resolve());
      });
    });
    app.addHook('onClose', async () => {
      if (!server?.listening) return;
      server.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    });
  },
  { name: 'metrics' },
);

/** Queue depths and ages, and database pools: read when Prometheus scrapes, not kept up to date. */
function registerScrapeTimeGauges(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: 'giftrelay_job_queue_jobs',
    help: 'Jobs in each pg-boss queue by state: queued (ready), active, deferred (waiting for their time); refreshed by pg-boss every 10 s',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await queueSnapshot(app)) {
        this.set({ queue: q.name, state: 'queued' }, q.queued);
        this.set({ queue: q.name, state: 'active' }, q.active);
        this.set({ queue: q.name, state: 'deferred' }, q.deferred);
      }
    },
  });
  new Gauge({
    name: 'giftrelay_job_queue_oldest_waiting_seconds',
    help: 'How long the oldest job ready to run in each queue has waited for a worker (0: none waiting)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await queueSnapshot(app)) this.set({ queue: q.name }, q.oldestWaitingSeconds);
    },
  });
  const pools = () => [
    ...(app.database.poolStats ? [{ pool: 'app', ...app.database.poolStats() }] : []),
    ...(app.queue.poolStats ? [{ pool: 'queue', ...app.queue.poolStats() }] : []),
  ];
  new Gauge({
    name: 'giftrelay_db_pool_connections',
    help: 'Open PostgreSQL connections of each pool (app, queue) by state, idle or busy (none on PGlite: one in-process connection)',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const p of pools()) {
        this.set({ pool: p.pool, state: 'idle' }, p.idle);
        this.set({ pool: p.pool, state: 'busy' }, p.total - p.idle);
      }
    },
  });
  new Gauge({
    name: 'giftrelay_db_pool_max_connections',
    help: 'The most connections each pool opens (DATABASE_POOL_MAX for the app; pg-boss keeps its own)',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      this.reset();
      for (const p of pools()) this.set({ pool: p.pool }, p.max);
    },
  });
  new Gauge({
    name: 'giftrelay_db_pool_waiting_clients',
    help: 'Queries waiting for a free connection of each pool',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      this.reset();
      for (const p of pools()) this.set({ pool: p.pool }, p.waiting);
    },
  });
}
