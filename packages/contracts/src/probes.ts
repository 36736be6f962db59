import { z } from 'zod';

/** GET /api/health/live: the process is up and its event loop answers (no database involved). */
export const LivenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof LivenessSchema>;

/**
 * GET /api/health/ready: whether a load balancer should send this process requests (decision 073):
 * the database answers, it has every migration this code needs, and the process is not draining
 * for a shutdown. 503 names the check that failed in `failed`.
 */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.object({ ok: z.boolean() }),
  migrations: z.object({ ok: z.boolean(), pending: z.number().int().nullable() }),
  draining: z.boolean(),
  failed: z.array(z.enum(['database', 'migrations', 'draining'])),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
