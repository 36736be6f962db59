import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Lifecycle {
  /** Set at SIGTERM: /api/health/ready answers 503 from then on, so a load balancer stops sending. */
  readonly draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

const state = new WeakMap<FastifyInstance, { draining: boolean }>();

/**
 * Whether this process is draining (decision 073). While it drains, every answer carries
 * `Connection: close` (set as it is sent, so requests already running when the signal came get it
 * too), so a client's keep-alive connection ends with that answer instead of carrying a next
 * request into a process that is about to exit.
 */
export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    const s = { draining: false };
    state.set(app, s);
    app.decorate('lifecycle', {
      get draining() {
        return s.draining;
      },
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (s.draining) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'lifecycle' },
);

/** How long a kept-alive connection idle at the signal may still bring a request. */
const IDLE_GRACE_MS = 1000;

/** Readiness goes 503 from now on; `shutdownGracefully` starts with this. */
export function startDraining(app: FastifyInstance): void {
  const s = state.get(app);
  if (s) s.draining = true;
}

export interface ShutdownReport {
  /** Whether every request and job finished within the bound (else the rest were cut). */
  clean: boolean;
  tookMs: number;
}

/**
 * A graceful stop (SIGTERM, SIGINT), bounded by `timeoutMs`:
 * 1. readiness goes 503 and the listener closes: no new connection is accepted (a load balancer
 *    retries it on another process); every answer from now on says `Connection: close`, and
 *    kept-alive connections still idle a second later are closed;
 * 2. at the same time the job workers stop fetching and the jobs they hold run to their end
 *    (pg-boss's graceful stop); at the bound pg-boss fails what is left back to the queue, where
 *    another process (or this one's next start) retries it under the same lease (fulfilment is
 *    idempotent per reward);
 * 3. once both are done, or at the bound, the connections left are cut and the app closes (its
 *    onClose hooks: timers, listeners, the pool). The app's `forceCloseConnections: true` would
 *    reset requests still running if `app.close()` came first: it comes last, with none left.
 */
export async function shutdownGracefully(app: FastifyInstance, timeoutMs: number): Promise<ShutdownReport> {
  const started = Date.now();
  startDraining(app);
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  // Stopped before the HTTP side so no new job starts while requests finish. close: false keeps
  // pg-boss's pool for the requests still sending jobs; the queue plugin's onClose closes it.
  const jobsBound = Math.max(1000, timeoutMs - 500);
  let jobsDone = false;
  const jobs = app.queue.boss
    .stop({ graceful: true, timeout: jobsBound, close: false })
    .then(() => {
      // pg-boss resolves at its own bound too, after failing the jobs still held back to the queue.
      jobsDone = Date.now() - started < jobsBound;
    })
    .catch((err) => app.log.warn({ err }, 'job queue did not stop cleanly'));
  let idleTimer: NodeJS.Timeout | undefined;
  const requests = new Promise<void>((resolve) => {
    if (!app.server.listening) return resolve();
    // net.Server's close, not http.Server's: that one also closes the idle keep-alive connections
    // at once, and a client sending its next request on one at that moment gets a reset. Left open
    // a moment, such a request is answered (with Connection: close); what is still idle after the
    // grace is a client that is not sending, and is closed then.
    Server.prototype.close.call(app.server, () => resolve());
    idleTimer = setTimeout(() => app.server.closeIdleConnections(), Math.min(IDLE_GRACE_MS, timeoutMs / 4));
  });
  const outcome = await Promise.race([Promise.all([jobs, requests]).then(() => 'done' as const), bound]);
  clearTimeout(timer);
  clearTimeout(idleTimer);
  if (outcome === 'timeout') {
    app.log.warn({ timeoutMs }, 'shutdown bound reached: cutting the connections still open');
    app.server.closeAllConnections();
  }
  await app.close();
  return { clean: outcome === 'done' && jobsDone, tookMs: Date.now() - started };
}
