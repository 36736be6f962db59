import { sql } from 'kysely';
import type { Db } from '../../db/database';

export type DraftRow = Awaited<ReturnType<typeof getDraft>> & {};
export type PostRow = NonNullable<Awaited<ReturnType<typeof getPost>>>;

export async function insertDraft(
  db: Db,
  draft: {
    primary_keyword: string;
    supporting_keywords: string;
    target_audience: string;
    tone_style: 'authoritative' | 'consultative' | 'conversational';
    cta_focus: 'signup' | 'demo' | 'trial' | 'case_study';
    seed: number;
    writer: 'built_in' | 'llm';
    content: string;
    created_by: string;
  },
) {
  return db.insertInto('blog_drafts').values(draft).returningAll().executeTakeFirstOrThrow();
}

export async function listDrafts(db: Db, limit: number) {
  return db
    .selectFrom('blog_drafts')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function getDraft(db: Db, id: string) {
  return db.selectFrom('blog_drafts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets (or, with null, clears) one variant's edited text; the row, or undefined when there is none. */
export async function setVariantEdit(db: Db, id: string, variant: 'A' | 'B' | 'C', text: string | null) {
  const edits =
    text === null
      ? sql<string>`variant_edits - ${variant}::text`
      : sql<string>`variant_edits || jsonb_build_object(${variant}::text, ${text}::text)`;
  return db
    .updateTable('blog_drafts')
    .set({ variant_edits: edits as unknown as string, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteDraft(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('blog_drafts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertPost(
  db: Db,
  post: {
    slug: string;
    title: string;
    excerpt: string;
    category: string;
    body_markdown: string;
    draft_id: string | null;
    created_by: string;
  },
) {
  return db
    .insertInto('blog_posts')
    .values(post)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function getPost(db: Db, id: string) {
  return db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listPosts(db: Db, limit: number) {
  return db
    .selectFrom('blog_posts')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function setPublished(db: Db, id: string, published: boolean) {
  return db
    .updateTable('blog_posts')
    .set({ published, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function listPublished(db: Db, limit: number) {
  return db
    .selectFrom('blog_posts')
    .select(['slug', 'title', 'excerpt', 'category', 'body_markdown', 'published_at', 'updated_at'])
    .where('published', '=', true)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findPublished(db: Db, slug: string) {
  return db
    .selectFrom('blog_posts')
    .select(['slug', 'title', 'excerpt', 'category', 'body_markdown', 'published_at', 'updated_at'])
    .where('slug', '=', slug)
    .where('published', '=', true)
    .executeTakeFirst();
}

export async function publishedSlugs(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('blog_posts')
    .select('slug')
    .where('published', '=', true)
    .orderBy('published_at', 'desc')
    .limit(5000)
    .execute();
  return rows.map((r) => r.slug);
}
