import {
  type PlatformRiskRule,
  type PlatformRiskRuleBody,
  RISK_RULES_MAX,
  type RiskRule,
  type RiskRuleBody,
} from '@giftrelay/contracts';
import { parseAmount, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, validationError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { auditActor, recordAudit } from '../audit';
import { usdMinorOf } from '../orders';
import * as repo from './repository';

/**
 * An organisation's risk rules (decision 083): owners, admins and keys with `risk:write` change
 * them; each change is in the audit log with the rule before and after. The organisation's flags
 * (`risk_order_rules`, `risk_claim_rules`) follow from the table by trigger (migration 0139).
 */

/** The body's kind-specific fields as stored; amounts also in minor units and in USD. */
function valuesOf(body: RiskRuleBody): repo.RuleValues {
  const { kind, action, reason, ...rest } = body;
  const params: Record<string, unknown> = { ...rest };
  if (body.kind === 'amount_above' || body.kind === 'daily_total_above') {
    const minor = parseAmount(body.amount, body.currency, { exact: true });
    if (minor === undefined || minor === 0) {
      const message = `amount must be more than 0 with at most the decimals ${body.currency} has`;
      throw validationError(`body.amount: ${message}`, [{ path: 'body.amount', message }]);
    }
    params.amount = String(toMajor(minor, body.currency));
    params.amount_minor = minor;
    params.usd_minor = usdMinorOf(minor, body.currency);
  }
  return { kind, action, params, reason: reason || null };
}

export function presentRule(row: repo.RuleRow): RiskRule {
  const p = row.params as Record<string, unknown>;
  const common = {
    id: row.id,
    action: row.action as RiskRule['action'],
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
  switch (row.kind) {
    case 'recipient_domain':
      return { kind: row.kind, ...common, domains: p.domains as string[], match: p.match as 'deny' | 'allow' };
    case 'recipient_velocity':
      return { kind: row.kind, ...common, max_rewards: Number(p.max_rewards), period_days: Number(p.period_days) };
    case 'claims_per_address':
      return { kind: row.kind, ...common, max_claims: Number(p.max_claims), period_days: Number(p.period_days) };
    case 'amount_above':
    case 'daily_total_above': {
      const currency = String(p.currency);
      const minor = Number(p.amount_minor);
      return { kind: row.kind, ...common, amount: toMajor(minor, currency), amount_minor: minor, currency };
    }
    case 'recipient_list':
      return { kind: row.kind, ...common, emails: p.emails as string[], list: p.list as 'flag' | 'allow' };
    case 'disposable_email':
    case 'claim_country_mismatch':
      return { kind: row.kind, ...common };
    default:
      throw new Error(`unknown risk rule kind ${row.kind}`);
  }
}

export async function listRules(app: FastifyInstance, auth: AuthContext) {
  const rows = await repo.listRules(app.db, auth.organisationId);
  return { success: true as const, data: rows.map(presentRule) };
}

export async function createRule(app: FastifyInstance, auth: AuthContext, body: RiskRuleBody) {
  const values = valuesOf(body);
  const row = await app.db.transaction().execute(async (tx) => {
    // The organisation's row is locked so two creations at once cannot both pass the count.
    await tx.selectFrom('organisations').select('id').where('id', '=', auth.organisationId).forUpdate().execute();
    if ((await repo.countRules(tx, auth.organisationId)) >= RISK_RULES_MAX)
      throw new AppError('CONFLICT', `An organisation has at most ${RISK_RULES_MAX} risk rules: delete one first`);
    const created = await repo.insertRule(tx, auth.organisationId, auth.userId, values);
    await recordAudit(tx, {
      organisationId: auth.organisationId,
      action: 'risk_rule.created',
      ...auditActor(auth),
      detail: { rule: presentRule(created) },
    });
    return created;
  });
  return { success: true as const, rule: presentRule(row) };
}

export async function updateRule(app: FastifyInstance, auth: AuthContext, id: string, body: RiskRuleBody) {
  const values = valuesOf(body);
  const row = await app.db.transaction().execute(async (tx) => {
    const before = await repo.findRule(tx, auth.organisationId, id);
    if (!before) throw notFound('Risk rule');
    if (before.kind !== body.kind)
      throw new AppError('CONFLICT', `This rule is a ${before.kind} rule: its kind cannot change. Create a new rule`);
    const after = await repo.updateRule(tx, auth.organisationId, id, values);
    if (!after) throw notFound('Risk rule');
    await recordAudit(tx, {
      organisationId: auth.organisationId,
      action: 'risk_rule.updated',
      ...auditActor(auth),
      detail: { before: presentRule(before), after: presentRule(after) },
    });
    return after;
  });
  return { success: true as const, rule: presentRule(row) };
}

export async function deleteRule(app: FastifyInstance, auth: AuthContext, id: string) {
  await app.db.transaction().execute(async (tx) => {
    const gone = await repo.deleteRule(tx, auth.organisationId, id);
    if (!gone) throw notFound('Risk rule');
    await recordAudit(tx, {
      organisationId: auth.organisationId,
      action: 'risk_rule.deleted',
      ...auditActor(auth),
      detail: { rule: presentRule(gone) },
    });
  });
  return { success: true as const, id };
}

function presentPlatformRule(row: repo.PlatformRuleRow): PlatformRiskRule {
  return {
    id: row.id,
    kind: row.kind as PlatformRiskRule['kind'],
    value: row.value,
    action: row.action as PlatformRiskRule['action'],
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    created_by_email: row.created_by_email,
  };
}

export async function listPlatformRules(app: FastifyInstance) {
  return { success: true as const, data: (await repo.listPlatformRules(app.db)).map(presentPlatformRule) };
}

/**
 * A platform rule (operators): one address or domain, held or blocked for every organisation.
 * Audited (decision 090) with the rule as it is after, in the audit log of the organisation the
 * operator is signed in to (operators have no organisation of their own), in the same transaction.
 */
export async function createPlatformRule(app: FastifyInstance, operator: Operator, body: PlatformRiskRuleBody) {
  const row = await app.db.transaction().execute(async (tx) => {
    const inserted = await repo.insertPlatformRule(tx, operator.userId, {
      kind: body.kind,
      value: body.value,
      action: body.action,
      reason: body.reason || null,
    });
    if (!inserted) throw new AppError('CONFLICT', `${body.value} already has a platform rule: delete it first`);
    await recordAudit(tx, {
      organisationId: operator.organisationId,
      action: 'platform_risk_rule.created',
      userId: operator.userId,
      detail: {
        before: null,
        after: presentPlatformRule({ ...inserted, created_by_email: operator.email }),
        by_operator: operator.email,
      },
    });
    return inserted;
  });
  app.log.info({ rule: row.id, value: row.value, by: operator.email }, 'platform risk rule created');
  return { success: true as const, rule: presentPlatformRule({ ...row, created_by_email: operator.email }) };
}

export async function deletePlatformRule(app: FastifyInstance, operator: Operator, id: string) {
  await app.db.transaction().execute(async (tx) => {
    const gone = await repo.deletePlatformRule(tx, id);
    if (!gone) throw notFound('Platform risk rule');
    const creator = gone.created_by
      ? await tx.selectFrom('users').select('email').where('id', '=', gone.created_by).executeTakeFirst()
      : undefined;
    await recordAudit(tx, {
      organisationId: operator.organisationId,
      action: 'platform_risk_rule.deleted',
      userId: operator.userId,
      detail: {
        before: presentPlatformRule({ ...gone, created_by_email: creator?.email ?? null }),
        after: null,
        by_operator: operator.email,
      },
    });
  });
  app.log.info({ rule: id, by: operator.email }, 'platform risk rule deleted');
  return { success: true as const, id };
}

/** The operator changing a platform rule, and the organisation they are signed in to. */
export interface Operator {
  userId: string;
  email: string;
  organisationId: string;
}
