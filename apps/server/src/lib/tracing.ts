import {
  type Attributes,
  type Context,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

// Only the OpenTelemetry API here: a few kilobytes with no dependencies, which does nothing until an
// SDK registers itself. The SDK is loaded by src/tracing.ts, and only when OTEL_EXPORTER_OTLP_ENDPOINT
// is set (decision 072).

let enabled = false;

/** Called once the SDK has started (src/tracing.ts): from then on spans are made and exported. */
export function markTracingEnabled(): void {
  enabled = true;
}

export const isTracingEnabled = () => enabled;

export { SpanKind };

let redactUrl = (url: string) => url.split('?')[0] ?? '';

/**
 * How a request's URL is written on its span: with its secrets (a claim link's token, a reset
 * link's) replaced, as the logs write it. Set by the secret-paths plugin, which knows the routes.
 */
export function redactTracedUrlsWith(redact: (url: string) => string): void {
  redactUrl = redact;
}

/** The request URL as a span may show it (see redactTracedUrlsWith). */
export const tracedUrl = (url: string) => redactUrl(url);

/** What a job's data carries of the trace that queued it (W3C Trace Context). */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

/**
 * The active trace as W3C `traceparent` (and `tracestate`), to put in a job's data so that the
 * worker's span joins the trace of the request that queued the job; empty when tracing is off.
 */
export function traceCarrier(): TraceCarrier {
  if (!enabled) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent
    ? { traceparent: carrier.traceparent, ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}) }
    : {};
}

/** The context a job's data carries (traceCarrier), or a fresh root when it carries none. */
function contextOf(carrier: TraceCarrier | undefined): Context {
  if (!carrier?.traceparent) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, {
    traceparent: carrier.traceparent,
    ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}),
  });
}

interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** A job's data: the span continues the trace that queued the job instead of the active one. */
  from?: TraceCarrier;
}

/**
 * Runs `fn` in a span called `name`, a child of the active span (or of the trace a job's data
 * carries, `from`); a thrown error is recorded on the span and thrown on. With tracing off it is
 * `fn()` and nothing more.
 */
export async function inSpan<T>(name: string, opts: SpanOptions, fn: () => Promise<T>): Promise<T> {
  if (!enabled) return fn();
  const parent = opts.from ? contextOf(opts.from) : context.active();
  return trace
    .getTracer('giftrelay')
    .startActiveSpan(
      name,
      { kind: opts.kind ?? SpanKind.INTERNAL, attributes: opts.attributes },
      parent,
      async (span) => {
        try {
          return await fn();
        } catch (err) {
          span.recordException(err as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
          throw err;
        } finally {
          span.end();
        }
      },
    );
}

/**
 * pino's mixin: the active span's `trace_id` and `span_id` on every log line written inside it, so
 * a line is found from its trace and the other way round (beside `reqId`, the request id).
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const ids = span.spanContext();
  return isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : {};
}
