import type { ApprovalRules, ApprovalRulesBody } from '@giftrelay/contracts';
import { toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { SessionAuth } from '../../plugins/auth';
import { recordAudit } from '../audit';

/**
 * An organisation's approval rules (decision 035): an amount in USD above which a sender's order
 * waits, every sender order, or a sender's monthly cap. The order statement applies them; this
 * reads and changes them, with an audit line per change.
 */

function presentRules(row: {
  approval_above_usd_minor: string | null;
  approval_every_sender_order: boolean;
  approval_monthly_cap_usd_minor: string | null;
}): ApprovalRules {
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
  };
}

const RULE_COLUMNS = [
  'approval_above_usd_minor',
  'approval_every_sender_order',
  'approval_monthly_cap_usd_minor',
] as const;

export async function getApprovalRules(app: FastifyInstance, organisationId: string): Promise<ApprovalRules> {
  const row = await app.db
    .selectFrom('organisations')
    .select(RULE_COLUMNS)
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return presentRules(row);
}

/** Changes the fields given; the audit line holds each change's before and after. */
export async function updateApprovalRules(
  app: FastifyInstance,
  auth: SessionAuth,
  body: ApprovalRulesBody,
): Promise<ApprovalRules> {
  return app.db.transaction().execute(async (tx) => {
    const before = presentRules(
      await tx
        .selectFrom('organisations')
        .select(RULE_COLUMNS)
        .where('id', '=', auth.organisationId)
        .forUpdate()
        .executeTakeFirstOrThrow(),
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
