import { Writable } from 'node:stream';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const SECRET_QUERY_KEY = /token|code|key|secret|password|signature/i;
const SECRET_PATH = /^\/(claim|verify|reset|reset-password|confirm-email|invitations|auth\/verify|auth\/reset)\/[^/?]+/;

/**
 * Removes what must never reach a log from a request URL: tokens in paths (claim and
 * verification links) and the values of secret-looking query parameters.
 */
export function redactRequestUrl(url: string): string {
  const q = url.indexOf('?');
  const pathname = (q === -1 ? url : url.slice(0, q)).replace(
    SECRET_PATH,
    (m) => `${m.slice(0, m.lastIndexOf('/'))}/[redacted]`,
  );
  if (q === -1) return pathname;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEY.test(key) && key !== 'grant_type') params.set(key, '[redacted]');
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
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
        url: redactRequestUrl(req.url),
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
