import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type Spender, spentSince, startOfUtcDay, startOfUtcMonth } from '../spend-limits';

/**
 * What limits one key or grant beyond the organisation's own rules (decision 074): its spend caps
 * and recipient domains. The checks are the spend guard's (spend-limits, decision 084), which every
 * spending path runs: MCP, REST, batches and resends alike.
 */
export { type CapStanding, checkCaps, checkRecipientDomain, type Guardrails, NO_GUARDRAILS } from '../spend-limits';

/** The spender an MCP source is: its API key (counted with the key's REST orders and batches) or its grant. */
export const spenderOfSource = (organisationId: string, source: { kind: 'api_key' | 'oauth_grant'; id: string }) =>
  ({ kind: source.kind, organisationId, id: source.id }) satisfies Spender;

/** The source's spend this UTC month, and today's part of it, per charge currency (for a preview). */
export async function spendOf(
  db: Kysely<Database>,
  organisationId: string,
  source: { kind: 'api_key' | 'oauth_grant'; id: string },
  at: Date,
) {
  const spender = spenderOfSource(organisationId, source);
  const [month, today] = await Promise.all([
    spentSince(db, spender, startOfUtcMonth(at)),
    spentSince(db, spender, startOfUtcDay(at)),
  ]);
  return { month, today };
}

export { startOfUtcMonth };
