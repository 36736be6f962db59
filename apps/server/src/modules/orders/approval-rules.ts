import type { ApprovalRules, ApprovalRulesBody } from '@giftrelay/contracts';
import { toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { SessionAuth } from '../../plugins/auth';
import { recordAudit } from '../audit';

/**
 * An organisation's approval rules (decision 035): an amount in USD above which a sender's order
 * waits, every sender order, or a sender's monthly cap. The order statement applies them; this
 * reads and changes them, with an audit line per change.
 */

function presentRules(
  row: {
    approval_above_usd_minor: string | null;
    approval_every_sender_order: boolean;
    approval_monthly_cap_usd_minor: string | null;
  },
  yours: ApprovalRules['yours'],
): ApprovalRules {
  const usd = (minor: string | null) => (minor === null ? null : Number(minor));
  const above = usd(row.approval_above_usd_minor);
  const cap = usd(row.approval_monthly_cap_usd_minor);
  return {
    success: true,
    above_usd_minor: above,
    above_usd: above === null ? null : toMajor(above, 'USD'),
    every_sender_order: row.approval_every_sender_order,
    monthly_cap_usd_minor: cap,
    monthly_cap_usd: cap === null ? null : toMajor(cap, 'USD'),
    yours,
  };
}

/**
 * Whether the rules apply to the caller (a sender's orders wait; owners' and admins' never), and
 * their orders' USD total this UTC month as the order statement's cap counts it (decision 035).
 */
async function callerSide(db: Kysely<Database>, auth: SessionAuth): Promise<ApprovalRules['yours']> {
  if (auth.role !== 'sender') return { rules_apply: false, month_usd_minor: 0 };
  const row = await db
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(usd_total_minor), 0)`.as('total'))
    .where('organisation_id', '=', auth.organisationId)
    .where('created_by', '=', auth.userId)
    .where('created_at', '>=', sql<Date>`date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`)
    .where('status', 'not in', ['failed', 'rejected'])
    .executeTakeFirstOrThrow();
  return { rules_apply: true, month_usd_minor: Number(row.total) };
}

const RULE_COLUMNS = [
  'approval_above_usd_minor',
  'approval_every_sender_order',
  'approval_monthly_cap_usd_minor',
] as const;

export async function getApprovalRules(app: FastifyInstance, auth: SessionAuth): Promise<ApprovalRules> {
  const [row, yours] = await Promise.all([
    app.db
      .selectFrom('organisations')
      .select(RULE_COLUMNS)
      .where('id', '=', auth.organisationId)
      .executeTakeFirstOrThrow(),
    callerSide(app.db, auth),
  ]);
  return presentRules(row, yours);
}

/** Changes the fields given; the audit line holds each change's before and after. */
export async function updateApprovalRules(
  app: FastifyInstance,
  auth: SessionAuth,
  body: ApprovalRulesBody,
): Promise<ApprovalRules> {
  return app.db.transaction().execute(async (tx) => {
    const yours = await callerSide(tx, auth);
    const before = presentRules(
      await tx
        .selectFrom('organisations')
        .select(RULE_COLUMNS)
        .where('id', '=', auth.organisationId)
        .forUpdate()
        .executeTakeFirstOrThrow(),
      yours,
    );
    const set: Partial<Record<(typeof RULE_COLUMNS)[number], number | boolean | null>> = {};
    if (body.above_usd_minor !== undefined) set.approval_above_usd_minor = body.above_usd_minor;
    if (body.every_sender_order !== undefined) set.approval_every_sender_order = body.every_sender_order;
    if (body.monthly_cap_usd_minor !== undefined) set.approval_monthly_cap_usd_minor = body.monthly_cap_usd_minor;
    if (Object.keys(set).length === 0) return before;
    const after = presentRules(
      await tx
        .updateTable('organisations')
        .set(set as never)
        .where('id', '=', auth.organisationId)
        .returning(RULE_COLUMNS)
        .executeTakeFirstOrThrow(),
      yours,
    );
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    for (const field of ['above_usd_minor', 'every_sender_order', 'monthly_cap_usd_minor'] as const) {
      if (before[field] !== after[field]) changes[field] = { before: before[field], after: after[field] };
    }
    if (Object.keys(changes).length) {
      await recordAudit(tx, {
        organisationId: auth.organisationId,
        action: 'approval_rules.updated',
        userId: auth.userId,
        detail: { changes },
      });
    }
    return after;
  });
}
