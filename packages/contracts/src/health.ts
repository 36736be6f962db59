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
  /** Informative: a provider outage delays fulfilment but does not make the service unhealthy. */
  gift_cards: z.object({
    provider: z.string(),
    sandbox: z.boolean(),
    ok: z.boolean(),
    latency_ms: z.number().nullable(),
    error: z.string().optional(),
    available_products: z.number().int().nullable(),
    last_sync_at: z.string().nullable(),
    /**
     * Whether GiftRelay's own account with a real provider is below its alert level (the operators
     * are emailed); null for the sandbox. The amount itself is not public.
     */
    funds_low: z.boolean().nullable(),
  }),
  /** Only on a demo instance (`npm run demo:live`): its providers are fakes, its money is not real. */
  demo: z.literal(true).optional(),
});
export type Health = z.infer<typeof HealthSchema>;

/**
 * What anyone gets (decision 057): the overall status, the version, and whether each part is ok.
 * Latencies, errors, the instance and the provider's state are for platform operators, whose
 * signed-in request gets HealthSchema: a provider's error text is not for the public.
 */
export const PublicHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ ok: z.boolean() }),
  queue: z.object({ ok: z.boolean() }),
  gift_cards: z.object({ ok: z.boolean() }),
  demo: z.literal(true).optional(),
});
export type PublicHealth = z.infer<typeof PublicHealthSchema>;

/** GET /api/health: the operator's answer, or the public one. */
export const HealthResponseSchema = z.union([HealthSchema, PublicHealthSchema]);

/**
 * GET /api/v1/instance: what the web app needs to know about this instance before anyone signs
 * in (issue 35): whether it is a demo on fake providers (the app shows a banner), and whether it
 * has a real gift-card provider, without which nobody can go live.
 */
export const InstanceInfoSchema = z.object({
  success: z.literal(true),
  demo: z.boolean(),
  live_available: z.boolean(),
});
export type InstanceInfo = z.infer<typeof InstanceInfoSchema>;
