import type { TestimonialStatus } from '@giftrelay/contracts';
import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

export interface TestimonialRow {
  id: string;
  quote: string;
  author_name: string;
  role: string;
  company: string;
  status: TestimonialStatus;
  created_at: Date;
  updated_at: Date;
  created_by_email: string | null;
}

const withAuthor = (db: Tx) =>
  db
    .selectFrom('testimonials as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select([
      't.id',
      't.quote',
      't.author_name',
      't.role',
      't.company',
      't.status',
      't.created_at',
      't.updated_at',
      'u.email as created_by_email',
    ]);

/** Newest first, keyset-paginated on (created_at, id). */
export function listTestimonials(
  db: Tx,
  filter: { status?: TestimonialStatus },
  page: { limit: number; after?: { createdAt: Date; id: string } },
): Promise<TestimonialRow[]> {
  let query = withAuthor(db);
  if (filter.status) query = query.where('t.status', '=', filter.status);
  if (page.after) {
    const { createdAt, id } = page.after;
    query = query.where((eb) =>
      eb.or([eb('t.created_at', '<', createdAt), eb.and([eb('t.created_at', '=', createdAt), eb('t.id', '<', id)])]),
    );
  }
  return query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(page.limit).execute();
}

export function findTestimonial(db: Tx, id: string): Promise<TestimonialRow | undefined> {
  return withAuthor(db).where('t.id', '=', id).executeTakeFirst();
}

export async function insertTestimonial(
  db: Tx,
  values: { quote: string; author_name: string; role: string; company: string; status?: TestimonialStatus },
  createdBy: string,
): Promise<string> {
  const row = await db
    .insertInto('testimonials')
    .values({ ...values, created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** True when a testimonial had this id. */
export async function updateTestimonial(
  db: Tx,
  id: string,
  changes: Updateable<Database['testimonials']>,
): Promise<boolean> {
  const res = await db
    .updateTable('testimonials')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteTestimonial(db: Tx, id: string): Promise<boolean> {
  const res = await db.deleteFrom('testimonials').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** The approved ones, newest first: all the public ever sees. */
export function listApproved(db: Tx, limit: number) {
  return db
    .selectFrom('testimonials')
    .select(['id', 'quote', 'author_name', 'role', 'company'])
    .where('status', '=', 'approved')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
