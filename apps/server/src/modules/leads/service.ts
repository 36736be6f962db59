import {
  type CreateLandingPageLead,
  type CreateLead,
  LEAD_EXPORT_COLUMNS,
  type Lead,
  type LeadsFilter,
  type ListLeadsQuery,
  landingPageCampaign,
  listPage,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { CSV_BOM, csvRow } from '../../lib/csv';
import { createdAtListing, paginate } from '../../lib/cursor';
import { publishedCampaign } from '../landing-pages';
import { insertLead, type LeadRow, listCampaigns, listLeads, upsertLandingPageLead } from './repository';

/** Stores a contact-form message. An empty company is no company. */
export async function createContactLead(db: Db, input: CreateLead): Promise<{ id: string }> {
  return insertLead(db, {
    source: 'contact_form',
    name: input.name,
    email: input.email,
    company: input.company || null,
    topic: input.topic,
    plan: input.plan ?? null,
    message: input.message,
  });
}

/**
 * Stores a landing page's lead under `landing_page_{slug}`, merged with a repeat within a day. A
 * published page's lead is filed with the UTM campaign and keyword its operator set (issue 35):
 * the page's own, not whatever the browser sent; a preview's (not published) keeps what it sent.
 */
export async function createLandingPageLead(db: Db, input: CreateLandingPageLead) {
  const page = await publishedCampaign(db, input.slug);
  return upsertLandingPageLead(db, {
    email: input.email,
    slug: input.slug,
    campaign: landingPageCampaign(input.slug),
    utm_campaign: page?.utm_campaign || input.utm_campaign || null,
    primary_keyword: page?.primary_keyword || input.primary_keyword || null,
  });
}

const LISTING = createdAtListing('operator-leads');
const EXPORT_BATCH = 2000;

function present(row: LeadRow): Lead {
  return {
    id: row.id,
    source: row.source,
    email: row.email,
    name: row.name,
    company: row.company,
    topic: row.topic,
    plan: row.plan,
    message: row.message,
    campaign: row.campaign,
    slug: row.slug,
    utm_campaign: row.utm_campaign,
    primary_keyword: row.primary_keyword,
    submissions: row.submissions,
    created_at: row.created_at.toISOString(),
    last_submitted_at: row.last_submitted_at.toISOString(),
  };
}

/** The operators' inbox, newest first. */
export async function listInbox(app: FastifyInstance, q: ListLeadsQuery) {
  const { page, nextCursor } = await paginate(app.cursors, LISTING, q, (range) => listLeads(app.db, q, range));
  return { success: true as const, ...listPage(page.map(present), nextCursor) };
}

export async function listInboxCampaigns(app: FastifyInstance) {
  const rows = await listCampaigns(app.db);
  return { success: true as const, data: rows.map((r) => ({ campaign: r.campaign, leads: Number(r.leads) })) };
}

/** Every matching lead as CSV, newest first, in keyset batches (memory stays flat). */
export async function* exportInbox(app: FastifyInstance, filter: LeadsFilter): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(LEAD_EXPORT_COLUMNS);
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await listLeads(app.db, filter, { limit: EXPORT_BATCH, after });
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      chunk += csvRow([
        r.id,
        r.created_at.toISOString(),
        r.last_submitted_at.toISOString(),
        r.submissions,
        r.source,
        r.email,
        r.name,
        r.company,
        r.topic,
        r.plan,
        r.campaign,
        r.slug,
        r.utm_campaign,
        r.primary_keyword,
        r.message,
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1] as LeadRow;
    after = { createdAt: last.created_at, id: last.id };
  }
}
