import {
  type CreateTestimonialBody,
  type ListOperatorTestimonialsQuery,
  type ListPublicTestimonialsResponse,
  listPage,
  type Testimonial,
  type UpdateTestimonialBody,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

const LISTING = 'operator-testimonials';
const Position = z.tuple([z.iso.datetime(), z.uuid()]).transform(([at, id]) => ({ createdAt: new Date(at), id }));

function present(row: repo.TestimonialRow): Testimonial {
  return {
    id: row.id,
    quote: row.quote,
    author_name: row.author_name,
    role: row.role,
    company: row.company,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by_email: row.created_by_email,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'No testimonial has this id');

export async function listForOperators(app: FastifyInstance, q: ListOperatorTestimonialsQuery) {
  const rows = await repo.listTestimonials(app.db, q, {
    limit: q.limit + 1,
    after: q.cursor ? app.cursors.decode(LISTING, q.cursor, Position) : undefined,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const next =
    rows.length > q.limit && last ? app.cursors.encode(LISTING, [last.created_at.toISOString(), last.id]) : null;
  return { success: true as const, ...listPage(page.map(present), next) };
}

async function answer(app: FastifyInstance, id: string) {
  const row = await repo.findTestimonial(app.db, id);
  if (!row) throw notFound();
  return { success: true as const, testimonial: present(row) };
}

export async function createTestimonial(app: FastifyInstance, userId: string, body: CreateTestimonialBody) {
  const id = await repo.insertTestimonial(app.db, body, userId);
  return answer(app, id);
}

export async function updateTestimonial(app: FastifyInstance, id: string, body: UpdateTestimonialBody) {
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  if (!(await repo.updateTestimonial(app.db, id, changes))) throw notFound();
  return answer(app, id);
}

export async function deleteTestimonial(app: FastifyInstance, id: string) {
  if (!(await repo.deleteTestimonial(app.db, id))) throw notFound();
  return { success: true as const };
}

/**
 * The public read, kept a few seconds in this process's memory: landing pages are public and
 * may be busy. A change made through this process empties it at once; another process's change
 * shows within `ttlMs`.
 */
export function approvedTestimonialsCache(app: FastifyInstance, ttlMs: number) {
  const kept = new Map<number, { at: number; answer: ListPublicTestimonialsResponse }>();
  return {
    async get(limit: number): Promise<ListPublicTestimonialsResponse> {
      const hit = kept.get(limit);
      if (hit && Date.now() - hit.at < ttlMs) return hit.answer;
      const answer = { success: true as const, data: await repo.listApproved(app.db, limit) };
      kept.set(limit, { at: Date.now(), answer });
      return answer;
    },
    clear: () => kept.clear(),
  };
}
