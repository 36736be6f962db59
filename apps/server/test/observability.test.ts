import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsPlugin } from '../src/plugins/metrics';
import { createTestApp, eventually, processStorage, TEST_DB, type TestApp, testConfig } from './helpers';
import { freePort, health, operatorToken, startServerProcess as run } from './servers';
import { startReceiver } from './webhook-receiver';

// Decision 072: /metrics (prom-client) and OpenTelemetry traces, in a real process where it matters
// (the SDK must start before the app's modules load), in the test's own process where it does not.

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
const SPAN_KIND = { server: 2, client: 3, consumer: 5 };
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

describe(`metrics and traces of a real process (${TEST_DB})`, () => {
  let env: Record<string, string>;
  let remove = async () => {};
  beforeAll(async () => {
    ({ env, remove } = await processStorage());
  });
  afterAll(() => remove());

  it('one trace follows an order from its request through the job to the provider and the email; logs carry it; /metrics counts it on its own port', async () => {
    // The OTLP/HTTP receiver: the exporter posts JSON (ExportTraceServiceRequest) to /v1/traces.
    const collector = await startReceiver(() => ({
      status: 200,
      body: '{}',
      headers: { 'content-type': 'application/json' },
    }));
    const [port, metricsPort] = [await freePort(), await freePort()];
    const server = run({
      ...env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url(''),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      PASSWORD_HASHING: 'fast-test-only',
      APP_ENV: 'test',
    });
    try {
      await eventually(() => health(port), 90_000);
      const token = await operatorToken(port);
      const base = `http://127.0.0.1:${port}`;
      const auth = { authorization: `Bearer ${token}` };
      const { products } = (await (
        await fetch(`${base}/api/v1/products?country=US&currency=USD&category=Retail&limit=100`)
      ).json()) as { products: { code: string; minValue: number; maxValue: number; denominations: number[] | null }[] };
      const product = products.find((p) => !p.denominations?.length);
      if (!product) throw new Error('no range product');
      const requestId = `observe-${Date.now()}`;
      const placed = await fetch(`${base}/api/v1/orders`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'x-request-id': requestId },
        body: JSON.stringify({
          product_code: product.code,
          amount: Math.min(Math.max(25, product.minValue), product.maxValue),
          email: 'observed-recipient@example.com',
          quantity: 1,
        }),
      });
      expect(placed.status).toBe(201);
      const { order_id: orderId } = (await placed.json()) as { order_id: string };
      // A claim link's token is a secret: no span may carry it (the logs redact it too).
      const claimToken = 'cLaImToKeN0123456789abcdefABCDEF';
      await fetch(`${base}/api/v1/claims/${claimToken}?code=s3cret-query`);
      await eventually(async () => {
        const order = (await (await fetch(`${base}/api/v1/orders/${orderId}`, { headers: auth })).json()) as {
          status: string;
        };
        return order.status === 'completed';
      }, 60_000);

      // Metrics: only on METRICS_PORT, only with the token; the order counted once, routes by pattern.
      expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(
        404,
      );
      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      expect((await fetch(metricsUrl)).status).toBe(401);
      expect((await fetch(metricsUrl, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } })).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
      const scraped = await fetch(metricsUrl, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const metrics = await scraped.text();
      for (const line of [
        'giftrelay_orders_placed_total{mode="sandbox"} 1',
        'giftrelay_orders_settled_total{mode="sandbox",outcome="completed"} 1',
        'giftrelay_http_requests_total{method="POST",route="/api/v1/orders",status="201"} 1',
        'giftrelay_fulfilment_duration_seconds_count{mode="sandbox",outcome="completed"} 1',
        'giftrelay_provider_call_duration_seconds_count{provider="sandbox",operation="placeOrder",outcome="ok"} 1',
      ])
        expect(metrics).toContain(line);
      expect(metrics).toMatch(
        /giftrelay_http_requests_total\{method="GET",route="\/api\/v1\/orders\/:id",status="200"\} \d+/,
      );
      expect(metrics).toMatch(/giftrelay_job_queue_jobs\{queue="orders\.fulfil",state="queued"\} \d+/);
      expect(metrics).toMatch(/giftrelay_job_queue_oldest_waiting_seconds\{queue="orders\.fulfil"\} [\d.]+/);
      expect(metrics).toMatch(/nodejs_eventloop_lag_seconds \d/);
      expect(metrics).toMatch(/process_resident_memory_bytes \d/);
      if (TEST_DB === 'postgres') {
        // The app's pool, and pg-boss's own (pgBossInternals.pool).
        expect(metrics).toMatch(/giftrelay_db_pool_connections\{pool="app",state="idle"\} \d/);
        expect(metrics).toMatch(/giftrelay_db_pool_max_connections\{pool="queue"\} 4/);
      }
      // No id in any label: the order's, nor the request's.
      expect(metrics).not.toContain(orderId);
      expect(metrics).not.toContain(requestId);

      // Stopped before the exporter's next scheduled batch (every 5 s): shutdown must flush it.
      server.child.kill('SIGTERM');
      expect(await server.exit).toBe(0);

      const spans = collector.received
        .filter((r) => r.path === '/v1/traces')
        .flatMap((r) => {
          const body = JSON.parse(r.body) as {
            resourceSpans: {
              resource: { attributes: OtlpSpan['attributes'] };
              scopeSpans: { spans: OtlpSpan[] }[];
            }[];
          };
          return body.resourceSpans.flatMap((rs) => {
            const service = rs.resource.attributes?.find((a) => a.key === 'service.name')?.value.stringValue;
            return rs.scopeSpans.flatMap((s) => s.spans.map((span) => ({ ...span, service })));
          });
        });
      const request = spans.find(
        (s) =>
          s.kind === SPAN_KIND.server &&
          attribute(s, 'http.request.method') === 'POST' &&
          attribute(s, 'http.route') === '/api/v1/orders',
      );
      expect(request, 'the order request span').toBeDefined();
      const trace = spans.filter((s) => s.traceId === request?.traceId);
      const byName = (name: string, kind: number) => trace.find((s) => s.name === name && s.kind === kind);
      const job = byName('orders.fulfil', SPAN_KIND.consumer);
      expect(job, 'the fulfilment job span, in the request trace').toBeDefined();
      expect(attribute(job as OtlpSpan, 'giftrelay.order_id')).toBe(orderId);
      const provider = byName('gift-card provider placeOrder', SPAN_KIND.client);
      expect(provider?.parentSpanId).toBe(job?.spanId);
      expect(byName('email send', SPAN_KIND.client), 'the recipient email span').toBeDefined();
      // Fastify's spans (its hooks and the handler) inside the request.
      expect(trace.some((s) => s.name.includes('fastify') || s.name.includes('request handler'))).toBe(true);
      // PGlite is not the pg driver: its queries have no spans of their own.
      if (TEST_DB === 'postgres')
        expect(
          trace.some((s) => attribute(s, 'db.system.name') === 'postgresql' && s.parentSpanId === job?.spanId),
        ).toBe(true);
      expect(request).toMatchObject({ service: 'giftrelay' });
      const exported = collector.received.map((r) => r.body).join('\n');
      expect(exported).toContain('/api/v1/claims/[redacted]');
      expect(exported).not.toContain(claimToken);
      expect(exported).not.toContain('s3cret-query');

      // The request's log lines name its trace beside its request id.
      const lines = server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { reqId?: string; trace_id?: string; span_id?: string });
      const requestLines = lines.filter((l) => l.reqId === requestId);
      expect(requestLines.length).toBeGreaterThan(0);
      for (const l of requestLines)
        expect(l).toMatchObject({ trace_id: request?.traceId, span_id: expect.any(String) });
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await collector.close();
    }
  }, 240_000);
});

describe(`/metrics in the app (${TEST_DB})`, () => {
  let withToken: TestApp;
  beforeAll(async () => {
    withToken = await createTestApp({ env: { METRICS_TOKEN } });
  });
  afterAll(() => withToken.close());

  it("is not served (the app's 404) when neither METRICS_TOKEN nor METRICS_PORT is set", async () => {
    // The plugin alone, as buildApp registers it: nothing else of an app is needed to see no route.
    const bare = Fastify();
    await bare.register(metricsPlugin, { config: testConfig() });
    await bare.ready();
    try {
      expect(bare.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
      expect((await bare.inject({ url: '/metrics' })).statusCode).toBe(404);
      // The counters modules use exist all the same.
      expect(bare.metrics.ordersPlaced).toBeDefined();
    } finally {
      await bare.close();
    }
  });

  it('with METRICS_TOKEN, serves the app port only to that bearer token', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      `Basic ${METRICS_TOKEN}`,
      `Bearer ${METRICS_TOKEN} x`,
    ]) {
      const res = await withToken.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    // No route: one label for every such path, whatever the path held.
    await withToken.app.inject({ url: '/api/v1/no-such-thing/d9b2c6e0-1f0a-4c55-9e57-a1b2c3d4e5f6' });
    const res = await withToken.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('giftrelay_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(res.body).not.toContain('d9b2c6e0');
    // The refusals above, counted by route pattern and status.
    expect(res.body).toContain('giftrelay_http_requests_total{method="GET",route="/metrics",status="401"} 4');
  });
});
