import type { LeadsFilter } from '@giftrelay/contracts';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

export type NewLead = Insertable<Database['leads']>;
export type LeadRow = Selectable<Database['leads']>;

export async function insertLead(db: Db, lead: NewLead): Promise<{ id: string }> {
  return db.insertInto('leads').values(lead).returning('id').executeTakeFirstOrThrow();
}

/**
 * A landing page's lead, merged into the same address's lead for the same campaign when that one
 * was last sent within a day (its count goes up, the newer UTM and keyword win). The address and
 * campaign are locked for the transaction, so two submissions at once make one lead.
 */
export async function upsertLandingPageLead(
  db: Db,
  lead: { email: string; campaign: string; slug: string; utm_campaign: string | null; primary_keyword: string | null },
): Promise<{ id: string; merged: boolean }> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`lead:${lead.email}:${lead.campaign}`}))`.execute(tx);
    const merged = await tx
      .updateTable('leads')
      .set((eb) => ({
        submissions: eb('submissions', '+', 1),
        last_submitted_at: sql`now()`,
        utm_campaign: eb.fn.coalesce(eb.val(lead.utm_campaign), eb.ref('utm_campaign')),
        primary_keyword: eb.fn.coalesce(eb.val(lead.primary_keyword), eb.ref('primary_keyword')),
      }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('leads')
          .select('id')
          .where('source', '=', 'landing_page')
          .where('email', '=', lead.email)
          .where('campaign', '=', lead.campaign)
          .where('last_submitted_at', '>', sql<Date>`now() - interval '24 hours'`)
          .orderBy('last_submitted_at', 'desc')
          .limit(1),
      )
      .returning('id')
      .executeTakeFirst();
    if (merged) return { id: merged.id, merged: true };
    const inserted = await tx
      .insertInto('leads')
      .values({ source: 'landing_page', ...lead })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: inserted.id, merged: false };
  });
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The inbox: leads matching `filter`, newest first, keyset-paginated on (created_at, id). */
export function listLeads(
  db: Tx,
  filter: LeadsFilter,
  page: { limit: number; after?: { createdAt: Date; id: string } },
): Promise<LeadRow[]> {
  let query = db.selectFrom('leads').selectAll();
  if (filter.source) query = query.where('source', '=', filter.source);
  if (filter.campaign) query = query.where('campaign', '=', filter.campaign);
  if (filter.q) {
    const pattern = `%${likeLiteral(filter.q)}%`;
    query = query.where((eb) =>
      eb.or([eb('email', 'ilike', pattern), eb('name', 'ilike', pattern), eb('company', 'ilike', pattern)]),
    );
  }
  if (page.after) {
    const { createdAt, id } = page.after;
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/** Every campaign leads were filed under, with how many, most leads first. */
export function listCampaigns(db: Tx) {
  return db
    .selectFrom('leads')
    .select(['campaign', (eb) => eb.fn.countAll<string>().as('leads')])
    .where('campaign', 'is not', null)
    .groupBy('campaign')
    .orderBy('leads', 'desc')
    .orderBy('campaign')
    .limit(500)
    .execute() as Promise<{ campaign: string; leads: string }[]>;
}
