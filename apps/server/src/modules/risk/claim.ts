import { mkdtempSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RiskMatch } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { insertEvent } from '../events';
import { presentOrder, tellReviewersOfClaim } from '../orders';
import * as repo from './repository';
import { presentReview } from './reviews';

const require = createRequire(import.meta.url);
let geoip: { lookup(ip: string): { country: string } | null } | undefined;

/**
 * The country of an address, from geoip-lite's data shipped inside the package. Only its country
 * files are loaded (about 14 MB in memory, IPv4 and IPv6), never its city ones (about 140 MB): a
 * folder holding links to the two is named before the package is first required, on the first
 * claim of an organisation with a claim-country rule.
 */
export function countryOf(ip: string): string | null {
  if (!geoip) {
    const data = path.join(path.dirname(require.resolve('geoip-lite/package.json')), 'data');
    const only = mkdtempSync(path.join(tmpdir(), 'giftrelay-geoip-'));
    for (const f of ['geoip-country.dat', 'geoip-country6.dat']) symlinkSync(path.join(data, f), path.join(only, f));
    (globalThis as { geodatadir?: string }).geodatadir = only;
    geoip = require('geoip-lite');
  }
  return geoip?.lookup(ip)?.country ?? null;
}

export interface ClaimedReward {
  id: string;
  order_id: string;
  organisation_id: string;
  /** The reward's country (its product's). */
  country: string | null;
  sandbox: boolean;
}

/**
 * Claim-side rules (decision 083), run when the claim page of an organisation with such rules
 * opens an issued reward: the address is recorded, and a `claim_country_mismatch` or
 * `claims_per_address` rule that matches holds the reward for review (its code is not shown until
 * a person releases it). One review per reward: a second opening finds it. True when held.
 */
export async function holdAtClaim(app: FastifyInstance, reward: ClaimedReward, ip: string): Promise<boolean> {
  const address = ip.slice(0, 64);
  const rules = (await repo.listRules(app.db, reward.organisation_id)).filter(
    (r) => r.kind === 'claim_country_mismatch' || r.kind === 'claims_per_address',
  );
  const country = rules.some((r) => r.kind === 'claim_country_mismatch') ? countryOf(address) : null;
  return app.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('risk_claim_opens')
      .values({ organisation_id: reward.organisation_id, reward_id: reward.id, ip: address, country })
      .onConflict((oc) => oc.columns(['reward_id', 'ip']).doNothing())
      .execute();
    const matched: RiskMatch[] = [];
    for (const r of rules) {
      const p = r.params as Record<string, number>;
      let why: string | null = null;
      if (r.kind === 'claim_country_mismatch' && country && reward.country && country !== reward.country) {
        why = `The claim page was opened from ${country}; the reward is for ${reward.country}`;
      } else if (r.kind === 'claims_per_address') {
        const row = await tx
          .selectFrom('risk_claim_opens')
          .select(sql<string>`count(DISTINCT reward_id)`.as('n'))
          .where('organisation_id', '=', reward.organisation_id)
          .where('ip', '=', address)
          .where('opened_at', '>', sql<Date>`now() - make_interval(days => ${Number(p.period_days)})`)
          .executeTakeFirstOrThrow();
        if (Number(row.n) > Number(p.max_claims))
          why = `${row.n} rewards were opened from ${address} in ${p.period_days} days, more than ${p.max_claims}`;
      }
      if (why)
        matched.push({
          rule_id: r.id,
          scope: 'organisation',
          kind: r.kind,
          action: r.action as RiskMatch['action'],
          reason: r.reason ? `${why}: ${r.reason}` : why,
        });
    }
    if (matched.length === 0) return false;
    const inserted = await tx
      .insertInto('risk_reviews')
      .values({
        organisation_id: reward.organisation_id,
        order_id: reward.order_id,
        reward_id: reward.id,
        stage: 'claim',
        scope: 'organisation',
        matched: JSON.stringify(matched),
        claim_ip: address,
        claim_country: country,
        sandbox: reward.sandbox,
      })
      .onConflict((oc) => oc.column('reward_id').where('stage', '=', 'claim').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return true;
    const row = await repo.findReview(tx, { organisationId: reward.organisation_id }, inserted.id);
    const order = await tx.selectFrom('orders').selectAll().where('id', '=', reward.order_id).executeTakeFirstOrThrow();
    await tellReviewersOfClaim(app, tx, {
      order_id: reward.order_id,
      organisation_id: reward.organisation_id,
      reason: matched.map((m) => m.reason).join('; '),
    });
    if (row)
      await insertEvent(tx, {
        organisationId: reward.organisation_id,
        type: 'reward.held',
        data: { review: presentReview(row), order: presentOrder(order) },
      });
    return true;
  });
}
