import { Writable } from 'node:stream';
import { CLIENT_ROUTES } from '@giftrelay/contracts';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { isTracingEnabled, traceLogFields } from './tracing';

const SECRET_QUERY_KEY = /token|code|key|secret|password|signature/i;
const REDACTED = '[redacted]';

/**
 * The paths whose parameters are secrets (a claim link's token unlocks a gift card), declared by
 * the routes themselves: an API route lists them in `config.secretParams` (the secret-paths
 * plugin collects them as routes are added), and a page of the web app has its secret in a
 * parameter named `:token` (`CLIENT_ROUTES`). A path is redacted when its segments match a
 * route's up to the last secret parameter, so `/claim/<token>/typo` and `/CLAIM/<token>`, which
 * no route answers, are redacted too.
 */
export class SecretPaths {
  private readonly routes: { segments: string[]; secret: number[] }[] = [];

  add(pattern: string, secretParams: readonly string[]): void {
    const segments = pattern.split('/').filter(Boolean);
    const secret = segments.flatMap((s, i) =>
      secretParams.includes(s.replace(/^:/, '')) && s.startsWith(':') ? [i] : [],
    );
    if (secret.length) this.routes.push({ segments, secret });
  }

  /** `pathname` (no query) with every secret segment replaced by [redacted]. */
  redactPath(pathname: string): string {
    const parts = pathname.split('/');
    const positions = parts.flatMap((p, i) => (p ? [i] : []));
    const hidden = new Set<number>();
    for (const route of this.routes) {
      const last = route.secret[route.secret.length - 1] ?? 0;
      if (positions.length <= last) continue;
      const matches = route.segments.slice(0, last + 1).every((segment, i) => {
        if (segment.startsWith(':') || segment === '*') return true;
        return segment.toLowerCase() === (parts[positions[i] as number] ?? '').toLowerCase();
      });
      if (matches) for (const i of route.secret) hidden.add(positions[i] as number);
    }
    return hidden.size ? parts.map((p, i) => (hidden.has(i) ? REDACTED : p)).join('/') : pathname;
  }
}

/** The web app's pages: a `:token` parameter is the secret of an emailed link. */
export function pageSecretPaths(): SecretPaths {
  const paths = new SecretPaths();
  for (const route of CLIENT_ROUTES) paths.add(route, ['token']);
  return paths;
}

const PAGES_ONLY = pageSecretPaths();

/**
 * Removes what must never reach a log from a request URL: the secret path parameters of
 * `paths` (claim, verification, reset and invitation links) and the values of secret-looking
 * query parameters.
 */
export function redactRequestUrl(url: string, paths: SecretPaths = PAGES_ONLY): string {
  const q = url.indexOf('?');
  const pathname = paths.redactPath(q === -1 ? url : url.slice(0, q));
  if (q === -1) return pathname;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEY.test(key) && key !== 'grant_type') params.set(key, REDACTED);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every secret path parameter of the app's routes and pages (plugins/secret-paths.ts). */
    secretPaths?: SecretPaths;
  }
  interface FastifyContextConfig {
    /** The route's path parameters that are secrets: never logged (`/claims/:token`). */
    secretParams?: readonly string[];
  }
}

/**
 * How the server logs: JSON lines (pino) for machines, or one readable line per event for a person
 * at a terminal. `auto` is readable in development on a TTY and JSON everywhere else.
 */
export type LogFormat = 'auto' | 'json' | 'pretty';

export function isPrettyLog(format: LogFormat, appEnv: string, isTty = Boolean(process.stdout.isTTY)): boolean {
  if (format !== 'auto') return format === 'pretty';
  return appEnv === 'development' && isTty;
}

export const loggerOptions = (level: string, opts: { pretty?: boolean } = {}) => ({
  level,
  ...(opts.pretty ? { stream: prettyLogStream(process.stdout) } : {}),
  // With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), each line written inside a span names it.
  ...(isTracingEnabled() ? { mixin: traceLogFields } : {}),
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      '*.password',
      '*.token',
      '*.access_token',
      '*.refresh_token',
      '*.pin',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req(req: FastifyRequest) {
      return {
        method: req.method,
        url: redactRequestUrl(req.url, req.server?.secretPaths),
        remoteAddress: req.ip,
      };
    },
  },
});

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '36', 40: '33', 50: '31', 60: '35' };
/** pino's own fields, which the readable line shows in its own way or leaves out. */
const OMIT = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'err', 'responseTime']);

/** One pino JSON line as a person reads it: "12:04:05 INFO  message key=value". */
export function formatLogLine(line: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const level = Number(entry.level);
  const time = new Date(Number(entry.time) || Date.now()).toTimeString().slice(0, 8);
  const name = (LEVELS[level] ?? String(entry.level)).padEnd(5);
  const label = colour ? `\u001b[${COLOURS[level] ?? '0'}m${name}\u001b[0m` : name;
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  const parts = [time, label, String(entry.msg ?? '')];
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(1)} ms`);
  const extra = Object.entries(entry)
    .filter(([key]) => !OMIT.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  let text = [...parts.filter(Boolean), ...extra].join(' ');
  const err = entry.err as { stack?: string; message?: string } | undefined;
  if (err) text += `\n${err.stack ?? err.message ?? JSON.stringify(err)}`;
  return `${text}\n`;
}

/** A stream for pino that writes readable lines to `out` (a terminal). */
export function prettyLogStream(out: NodeJS.WritableStream & { isTTY?: boolean }): Writable {
  const colour = Boolean(out.isTTY);
  let pending = '';
  return new Writable({
    write(chunk, _encoding, done) {
      pending += chunk.toString();
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line) out.write(formatLogLine(line, colour));
        newline = pending.indexOf('\n');
      }
      done();
    },
  });
}

/**
 * Request lines at debug instead of info, for a terminal in development: two lines for every
 * request would bury what matters. Errors stay at error; LOG_LEVEL=debug shows every request.
 */
export class QuietRequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      request.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
