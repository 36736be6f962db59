import { LivenessSchema, type Readiness, ReadinessSchema } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingMigrations } from '../../db/migrate';
import { PUBLIC } from '../../lib/openapi';
import { pingDatabase } from './repository';

/** A load balancer's check must answer within its own timeout, even when the pool is stuck. */
const DATABASE_CHECK_MS = 2000;

/**
 * The probes a load balancer or an orchestrator asks (decision 073): liveness (the process answers;
 * restart it if not) and readiness (send it requests or not). `/api/health` stays the people's
 * and monitors' answer, with the queue's round trip and the provider.
 */
export const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live',
    {
      schema: {
        operationId: 'getLiveness',
        summary: 'Liveness: the process is up (no database involved); restart it when this fails',
        tags: ['system'],
        security: PUBLIC,
        response: { 200: LivenessSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  // Migrations only move forward: once this code's are all applied they stay applied, so the
  // check reads schema_migrations until then and never after.
  let migrationsCurrent = false;
  app.get(
    '/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        summary:
          'Readiness: the database answers, has every migration this code needs, and the process is not draining for a shutdown; 503 names the check that failed',
        tags: ['system'],
        security: PUBLIC,
        response: {
          200: ReadinessSchema,
          503: {
            description: 'Not ready: `failed` names the checks that failed (database, migrations, draining)',
            content: { 'application/json': { schema: ReadinessSchema } },
          },
        },
      },
    },
    async (_request, reply) => {
      const ready = await readiness(app, migrationsCurrent);
      if (ready.migrations.ok) migrationsCurrent = true;
      reply.header('cache-control', 'no-store');
      return reply.status(ready.status === 'ready' ? 200 : 503).send(ready);
    },
  );
};

async function readiness(app: FastifyInstance, migrationsKnownCurrent: boolean): Promise<Readiness> {
  const draining = app.lifecycle.draining;
  const failed: Readiness['failed'] = [];
  let databaseOk = false;
  let pending: number | null = migrationsKnownCurrent ? 0 : null;
  try {
    await withTimeout(
      (async () => {
        await pingDatabase(app.db);
        databaseOk = true;
        if (!migrationsKnownCurrent) pending = (await pendingMigrations(app.database)).length;
      })(),
      DATABASE_CHECK_MS,
    );
  } catch (err) {
    app.log.warn({ err }, 'readiness: database check failed');
  }
  if (!databaseOk) failed.push('database');
  if (pending !== 0) failed.push('migrations');
  if (draining) failed.push('draining');
  return {
    status: failed.length ? 'not_ready' : 'ready',
    database: { ok: databaseOk },
    migrations: { ok: pending === 0, pending },
    draining,
    failed,
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
