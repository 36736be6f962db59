import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_s: z.number(),
  database: z.object({
    ok: z.boolean(),
    driver: z.enum(['pglite', 'postgres']),
    latency_ms: z.number().nullable(),
    error: z.string().optional(),
  }),
  queue: z.object({
    ok: z.boolean(),
    round_trip_ms: z.number().nullable(),
    last_round_trip_at: z.string().nullable(),
    error: z.string().optional(),
  }),
  instance: z.object({
    id: z.string(),
    created_at: z.string(),
    boot_count: z.number().int(),
  }),
});
export type Health = z.infer<typeof HealthSchema>;
