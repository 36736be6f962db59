import { register } from 'node:module';
import { markTracingEnabled, tracedUrl } from './lib/tracing';

/**
 * Starts OpenTelemetry's Node SDK: spans from node's HTTP server and client, Fastify and `pg`, and
 * the app's own (lib/tracing.ts), batched and exported over OTLP/HTTP (JSON) to
 * OTEL_EXPORTER_OTLP_ENDPOINT, with the SDK's other OTEL_* variables honoured. main.ts calls it
 * before it imports the app, and only when that variable is set: unset, none of this is imported
 * (decision 072). Returns what flushes the spans still buffered and stops the SDK.
 */
export async function startTracing(version: string): Promise<() => Promise<void>> {
  // The app is ES modules: a module it imports is patched only if the loader hook sees the import.
  // Registered here, before the app's first import, and for these packages only (every other
  // module loads untouched). CommonJS requires inside them are patched by require-in-the-middle.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: ['fastify', 'pg', 'pg-pool', 'http', 'https'] },
  });
  const [
    { NodeSDK },
    { BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { HttpInstrumentation },
    { FastifyInstrumentation },
    { PgInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-fastify'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME || 'giftrelay',
      'service.version': version,
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
    // Traces only: metrics are Prometheus's (/metrics), logs are pino's lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // A scrape or a load balancer's health check every few seconds would bury the orders.
        ignoreIncomingRequestHook: (req) => /^\/(metrics|api\/health)(\/|\?|$)/.test(req.url ?? ''),
        // An incoming request's path and query as the logs write them: a claim link's token, a
        // reset link's, never leave the process in a span.
        requestHook: (span, request) => {
          const url = (request as { url?: unknown }).url;
          if (typeof url !== 'string') {
            // A request this process makes (a webhook to a customer's endpoint): its query may hold
            // the customer's own secret, so the span keeps the URL without it.
            const out = request as { protocol?: string; host?: string; path?: string };
            if (out.host && out.path)
              span.setAttribute('url.full', `${out.protocol ?? 'http:'}//${out.host}${out.path.split('?')[0]}`);
            return;
          }
          const safe = tracedUrl(url);
          const q = safe.indexOf('?');
          span.setAttribute('url.path', q === -1 ? safe : safe.slice(0, q));
          if (q !== -1) span.setAttribute('url.query', safe.slice(q + 1));
        },
      }),
      new FastifyInstrumentation(),
      // One span per query, without its parameters (they hold addresses and codes), and only inside
      // a request or a job: pg-boss polls every queue twice a second, each poll a trace of its own.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    ],
  });
  sdk.start();
  markTracingEnabled();
  // A collector that does not answer must not hold the exit for the exporter's own 10 s timeout.
  return () =>
    Promise.race([
      sdk.shutdown().catch(() => {}),
      new Promise<void>((resolve) => setTimeout(resolve, FLUSH_TIMEOUT_MS).unref()),
    ]);
}

const FLUSH_TIMEOUT_MS = 5000;
