import type { AgentActivityResponse, AgentCaps, AgentCapsBody } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import type { SessionAuth } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { organisationBilling } from '../ledger';
import { organisationHasKey } from '../spend-limits';
import * as repo from './repository';

const num = (v: string | null) => (v === null ? null : Number(v));

/** A key's caps for agents; a key without any answers its organisation's currency and no caps. */
export async function getKeyCaps(app: FastifyInstance, organisationId: string, keyId: string): Promise<AgentCaps> {
  if (!(await organisationHasKey(app.db, organisationId, keyId))) throw notFound('API key');
  const row = await repo.findKeyCaps(app.db, organisationId, keyId);
  if (!row) {
    const { billing_currency } = await organisationBilling(app.db, organisationId);
    return {
      success: true,
      api_key_id: keyId,
      currency: billing_currency,
      per_reward_minor: null,
      per_day_minor: null,
      per_month_minor: null,
      allowed_domains: null,
    };
  }
  return presentCaps(row);
}

function presentCaps(row: NonNullable<Awaited<ReturnType<typeof repo.findKeyCaps>>>): AgentCaps {
  return {
    success: true,
    api_key_id: row.api_key_id,
    currency: row.currency,
    per_reward_minor: num(row.per_reward_minor),
    per_day_minor: num(row.per_day_minor),
    per_month_minor: num(row.per_month_minor),
    allowed_domains: row.allowed_domains,
  };
}

/** Sets a key's caps and allow-list (owners and admins), with an audit line of before and after. */
export async function setKeyCaps(
  app: FastifyInstance,
  auth: SessionAuth,
  keyId: string,
  body: AgentCapsBody,
): Promise<AgentCaps> {
  return app.db.transaction().execute(async (tx) => {
    if (!(await organisationHasKey(tx, auth.organisationId, keyId))) throw notFound('API key');
    const before = await repo.findKeyCaps(tx, auth.organisationId, keyId);
    const domains = body.allowed_domains ? [...new Set(body.allowed_domains.map((d) => d.toLowerCase()))] : null;
    const row = await repo.upsertKeyCaps(tx, auth.organisationId, keyId, auth.userId, {
      ...body,
      allowed_domains: domains,
    });
    const after = presentCaps(row);
    await recordAudit(tx, {
      organisationId: auth.organisationId,
      action: 'agent.caps_changed',
      userId: auth.userId,
      apiKeyId: keyId,
      detail: { before: before ? presentCaps(before) : null, after },
    });
    return after;
  });
}

/** The organisation's newest orders placed by agents through MCP. */
export async function agentActivity(app: FastifyInstance, organisationId: string): Promise<AgentActivityResponse> {
  const rows = await repo.recentAgentOrders(app.db, organisationId, 20);
  return {
    success: true,
    has_more: false,
    next_cursor: null,
    data: rows.map((r) => ({
      order_id: r.id,
      status: r.status,
      created_at: r.created_at.toISOString(),
      product_name: r.product_name,
      recipient_email: r.recipient_email,
      charged_total_minor: Number(r.charged_total_minor),
      charge_currency: r.charge_currency,
      source: {
        kind: 'mcp' as const,
        via: r.source_kind ?? 'api_key',
        id: r.source_id ?? '',
        client_name: r.source_client_name,
      },
    })),
  };
}
