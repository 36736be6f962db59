import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  deadRows,
  hasAutovacuum,
  type SweepResult,
  sweepExpired,
  type TableUpkeep,
  tablesNeedingUpkeep,
  upkeepTable,
} from '../db/maintenance';
import { expireWaitingBatches, finishSettledBatches } from '../modules/batches';
import { alertLowProviderFunds } from '../modules/operators';
import {
  type ExpiryReport,
  expireDueRewards,
  expireIfDue,
  expireWaitingOrders,
  type ReminderReport,
  remindAndExpireUnopened,
  settleBlockedClaims,
} from '../modules/orders';
import { disableFailingEndpoints } from '../modules/webhooks';

/** How often a worker process looks at its tables' dead rows, and how soon after start. */
export const UPKEEP_EVERY_MS = 30_000;
const FIRST_UPKEEP_MS = 5_000;
/** How often expired rows are swept (every this many upkeep rounds: 10 minutes). */
const SWEEP_EVERY_ROUNDS = 20;

export interface HousekeepingReport {
  /** Tables vacuumed or analysed this round (empty when autovacuum does it). */
  tables: TableUpkeep[];
  swept?: SweepResult;
  /** Webhook endpoints disabled by this round's sweep: 5 days without a 2xx (decision 029). */
  disabledEndpoints?: number;
  /** Orders rejected by this round's sweep: 7 days waiting for approval (decision 035). */
  expiredApprovals?: number;
  /** Reminders, void notices and automatic voids of unopened rewards sent by this sweep (decision 040). */
  unopened?: ReminderReport;
  /** Rewards past their expiry settled by this sweep: voided and refunded, or kept (decision 081). */
  expired?: ExpiryReport;
  /** Batches rejected after 7 days waiting, and batches completed that a settling order left behind (decision 043). */
  expiredBatches?: number;
  finishedBatches?: number;
  /** Whether this sweep emailed the operators that the real provider's account runs low (issue 17). */
  lowFundsAlert?: boolean;
}

export interface Housekeeping {
  /** Whether this process vacuums the tables itself (SELF_VACUUM, or auto and no autovacuum). */
  readonly selfVacuum: boolean;
  /** One round now: the tables' upkeep, and with `sweep`, expired rows. Waits for a round already running. */
  run(opts?: { sweep?: boolean }): Promise<HousekeepingReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: Housekeeping;
  }
}

/**
 * Keeps the database in shape while the app runs (docs/decisions/013-housekeeping.md). Processes
 * that run workers sweep expired idempotency keys, sessions, emailed links and two-factor sign-in steps every 10 minutes,
 * disable webhook endpoints that have failed for 5 days, reject orders that waited 7 days for approval,
 * remind recipients of unopened rewards and void them when the organisation asks for it,
 * settle rewards past their expiry (every 30 seconds when one is due: decision 089),
 * and, where the database has no autovacuum (PGlite always; PostgreSQL configured without it),
 * vacuum and analyse the tables that need it every 30 seconds.
 */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance) => {
    const mode = app.config.selfVacuum;
    const selfVacuum = mode === 'on' || (mode === 'auto' && !(await hasAutovacuum(app.database)));

    let tail: Promise<unknown> = Promise.resolve();
    // Dead rows each table's last VACUUM here could not remove (tablesNeedingUpkeep).
    const leftBehind = new Map<string, number>();
    const round = async (sweep: boolean): Promise<HousekeepingReport> => {
      const tables: TableUpkeep[] = [];
      if (selfVacuum) {
        for (const t of await tablesNeedingUpkeep(app.db, leftBehind)) {
          if (!(await upkeepTable(app.database, t))) continue;
          tables.push(t);
          if (t.action === 'vacuum') leftBehind.set(t.table, await deadRows(app.db, t.table));
        }
        if (tables.length) app.log.debug({ tables }, 'tables vacuumed');
      }
      if (!sweep) {
        // Rewards past their expiry are settled in the round after it, not at the next sweep.
        const expired = await expireIfDue(app);
        if (expired && expired.orders > 0) app.log.info({ expired }, 'expired rewards settled');
        return expired ? { tables, expired } : { tables };
      }
      const swept = await sweepExpired(app.db);
      if (Object.values(swept).some((n) => n > 0)) app.log.info({ swept }, 'expired rows swept');
      const disabledEndpoints = await disableFailingEndpoints(app);
      if (disabledEndpoints > 0) app.log.info({ disabledEndpoints }, 'failing webhook endpoints disabled');
      const expiredApprovals = await expireWaitingOrders(app);
      if (expiredApprovals > 0) app.log.info({ expiredApprovals }, 'orders that waited 7 days for approval rejected');
      const unopened = await remindAndExpireUnopened(app);
      if (Object.values(unopened).some((n) => n > 0)) app.log.info({ unopened }, 'unopened rewards reminded or voided');
      const expired = await expireDueRewards(app);
      if (expired.orders > 0) app.log.info({ expired }, 'expired rewards settled');
      const blockedClaims = await settleBlockedClaims(app);
      if (blockedClaims > 0) app.log.info({ blockedClaims }, 'blocked rewards’ cancellations settled');
      const lowFundsAlert = await alertLowProviderFunds(app).catch((err) => {
        app.log.warn({ err }, 'could not check the provider account’s funds');
        return false;
      });
      const expiredBatches = await expireWaitingBatches(app);
      const finishedBatches = await finishSettledBatches(app);
      if (expiredBatches + finishedBatches > 0) app.log.info({ expiredBatches, finishedBatches }, 'batches swept');
      return {
        tables,
        swept,
        disabledEndpoints,
        expiredApprovals,
        unopened,
        expired,
        expiredBatches,
        finishedBatches,
        lowFundsAlert,
      };
    };
    const run = (opts: { sweep?: boolean } = {}) => {
      const next = tail.then(() => round(opts.sweep === true));
      tail = next.catch(() => {});
      return next;
    };
    app.decorate('housekeeping', { selfVacuum, run });

    if (!app.config.runWorkers) return;
    if (selfVacuum && mode === 'auto') {
      app.log.info(
        `${app.database.driver === 'pglite' ? 'PGlite has no autovacuum' : 'autovacuum is off on this PostgreSQL'}: the workers vacuum the app's tables themselves (SELF_VACUUM)`,
      );
    }
    let rounds = 0;
    let closing = false;
    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      const sweep = rounds++ % SWEEP_EVERY_ROUNDS === 0;
      run({ sweep })
        .catch((err) => {
          if (!closing) app.log.warn({ err }, 'housekeeping failed; will retry');
        })
        .finally(() => {
          if (!closing) timer = setTimeout(tick, UPKEEP_EVERY_MS).unref();
        });
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, FIRST_UPKEEP_MS).unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearTimeout(timer);
      await tail;
    });
  },
  { name: 'housekeeping', dependencies: ['db', 'mail'] },
);
