import type { Health, InstanceInfo, PublicHealth } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { hasLiveProvider, lowFundsLevelMinor } from '../../providers/gift-cards';
import { countAvailableProducts, lastSucceededSync } from '../catalog';
import { findInstance, pingDatabase } from './repository';

const startedAt = Date.now();

export async function getHealth(app: FastifyInstance, version: string, demo = false): Promise<Health> {
  const database: Health['database'] = { ok: false, driver: app.database.driver, latency_ms: null };
  let instance: Health['instance'] = { id: '', created_at: '', boot_count: 0 };
  try {
    const t0 = performance.now();
    await pingDatabase(app.db);
    database.latency_ms = Math.round((performance.now() - t0) * 100) / 100;
    database.ok = true;
    const row = await findInstance(app.db);
    instance = { id: row.id, created_at: row.created_at.toISOString(), boot_count: row.boot_count };
  } catch (err) {
    app.log.error({ err }, 'health: database check failed');
    database.error = 'database unreachable';
  }
  const giftCards = await giftCardsHealth(app, database.ok);
  const q = await app.queue.status();
  const queue: Health['queue'] = {
    ok: q.ok,
    round_trip_ms: q.roundTripMs,
    last_round_trip_at: q.lastRoundTripAt?.toISOString() ?? null,
    ...(q.error && !q.ok ? { error: q.error } : {}),
  };
  return {
    status: database.ok && queue.ok ? 'ok' : 'degraded',
    version,
    uptime_s: Math.round((Date.now() - startedAt) / 1000),
    database,
    queue,
    instance,
    gift_cards: giftCards,
    ...(demo ? { demo: true as const } : {}),
  };
}

export function instanceInfo(app: FastifyInstance, demo: boolean): InstanceInfo {
  return { success: true, demo, live_available: hasLiveProvider(app.giftCards) };
}

/** Anyone's answer: ok or not per part, never an error's text or a figure (decision 057). */
export function publicHealth(h: Health): PublicHealth {
  return {
    status: h.status,
    version: h.version,
    database: { ok: h.database.ok },
    queue: { ok: h.queue.ok },
    gift_cards: { ok: h.gift_cards.ok },
    ...(h.demo ? { demo: h.demo } : {}),
  };
}

async function giftCardsHealth(app: FastifyInstance, databaseOk: boolean): Promise<Health['gift_cards']> {
  const provider = await app.giftCards.health();
  let availableProducts: number | null = null;
  let lastSyncAt: Date | null = null;
  if (databaseOk) {
    try {
      [availableProducts, lastSyncAt] = await Promise.all([countAvailableProducts(app.db), lastSucceededSync(app.db)]);
    } catch (err) {
      app.log.error({ err }, 'health: catalogue check failed');
    }
  }
  return {
    provider: app.giftCards.name,
    sandbox: app.giftCards.isSandbox,
    ok: provider.ok,
    latency_ms: provider.latencyMs,
    ...(provider.error ? { error: provider.error } : {}),
    available_products: availableProducts,
    last_sync_at: lastSyncAt?.toISOString() ?? null,
    funds_low: provider.funds ? fundsLow(app, provider.funds) : null,
  };
}

function fundsLow(app: FastifyInstance, funds: { currency: string; availableMinor: number }): boolean {
  const level = lowFundsLevelMinor(app.config, funds.currency);
  return level !== null && funds.availableMinor < level;
}
