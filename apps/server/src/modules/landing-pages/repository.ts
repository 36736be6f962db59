import type { AudienceSegment, HeroVisual, LandingCopy, OfferType } from '@giftrelay/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

function pages(tx: Tx) {
  return tx
    .selectFrom('landing_pages as p')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select([
      'p.slug',
      'p.primary_keyword',
      'p.supporting_keywords',
      'p.audience_segment',
      'p.offer_type',
      'p.hero_visual',
      'p.utm_campaign',
      'p.copy',
      'p.hero_svg',
      'p.published',
      'p.created_at',
      'p.updated_at',
      'p.published_at',
      'u.email as created_by_email',
    ]);
}
export type LandingPageRow = Awaited<ReturnType<ReturnType<typeof pages>['executeTakeFirstOrThrow']>>;

export interface LandingPageValues {
  primary_keyword: string;
  supporting_keywords: string;
  audience_segment: AudienceSegment;
  offer_type: OfferType;
  hero_visual: HeroVisual;
  utm_campaign: string;
  copy: LandingCopy;
  hero_svg: string;
}

export function findPage(tx: Tx, slug: string): Promise<LandingPageRow | undefined> {
  return pages(tx).where('p.slug', '=', slug).executeTakeFirst();
}

export function findPublishedPage(tx: Tx, slug: string): Promise<LandingPageRow | undefined> {
  return pages(tx).where('p.slug', '=', slug).where('p.published', '=', true).executeTakeFirst();
}

/** Newest change first; operators keep tens of pages, not thousands (capped all the same). */
export function listPages(tx: Tx, limit: number): Promise<LandingPageRow[]> {
  return pages(tx).orderBy('p.updated_at', 'desc').orderBy('p.slug').limit(limit).execute();
}

/**
 * Publishes by slug in one statement: a new page, or the same row (same address) with the new
 * content. `published_at` is when it was first published and stays across republishing.
 */
export async function upsertPublished(tx: Tx, slug: string, values: LandingPageValues, userId: string) {
  const row = { ...values, copy: JSON.stringify(values.copy) };
  const result = await tx
    .insertInto('landing_pages')
    .values({ ...row, slug, published: true, created_by: userId, published_at: sql`now()`, updated_at: sql`now()` })
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet({
        ...row,
        published: true,
        updated_at: sql`now()`,
        published_at: sql`coalesce(landing_pages.published_at, now())`,
      }),
    )
    .returning(sql<boolean>`xmax = 0`.as('created'))
    .executeTakeFirstOrThrow();
  return result.created;
}

export async function updatePage(
  tx: Tx,
  slug: string,
  values: Partial<Omit<LandingPageValues, 'primary_keyword'>>,
): Promise<boolean> {
  const { copy, ...rest } = values;
  const result = await tx
    .updateTable('landing_pages')
    .set({ ...rest, ...(copy ? { copy: JSON.stringify(copy) } : {}), updated_at: sql`now()` })
    .where('slug', '=', slug)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function unpublishPage(tx: Tx, slug: string): Promise<boolean> {
  const result = await tx
    .updateTable('landing_pages')
    .set({ published: false, updated_at: sql`now()` })
    .where('slug', '=', slug)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deletePage(tx: Tx, slug: string): Promise<boolean> {
  const result = await tx.deleteFrom('landing_pages').where('slug', '=', slug).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** For the sitemap: every published page's address, and when it last changed. */
export function publishedSlugs(tx: Tx): Promise<{ slug: string; updated_at: Date }[]> {
  return tx
    .selectFrom('landing_pages')
    .select(['slug', 'updated_at'])
    .where('published', '=', true)
    .orderBy('published_at', 'desc')
    .limit(50_000)
    .execute();
}

/** The campaign a published page belongs to, as its operator set it: what its leads are filed with. */
export function publishedCampaign(
  tx: Tx,
  slug: string,
): Promise<{ utm_campaign: string; primary_keyword: string } | undefined> {
  return tx
    .selectFrom('landing_pages')
    .select(['utm_campaign', 'primary_keyword'])
    .where('slug', '=', slug)
    .where('published', '=', true)
    .executeTakeFirst();
}
