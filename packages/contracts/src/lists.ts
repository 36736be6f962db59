import { z } from 'zod';
import { opaqueToken } from './primitives';

/**
 * Every list answer's envelope: `{success, data, has_more, next_cursor}`. Pass `next_cursor` back
 * as `cursor` for the next page while `has_more` is true.
 */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item).meta({ description: 'This page of results' }),
    has_more: z.boolean().meta({ description: 'Whether another page follows' }),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last' }),
  });
}

/** A list's former key, kept beside `data` for one release so existing clients keep working. */
export function deprecatedListKey<T extends z.ZodType>(item: T, key: string) {
  return z.array(item).meta({
    deprecated: true,
    description: `Deprecated: the same items as \`data\`. \`${key}\` will be removed in the next release.`,
  });
}

/** The envelope's fields for a page of `items` (`nextCursor` null on the last page). */
export function listPage<T>(items: T[], nextCursor: string | null) {
  return { data: items, has_more: nextCursor !== null, next_cursor: nextCursor };
}

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';

/** The query fields of every paged list: `limit` (1–100, default 20) and the signed `cursor`. */
export const pageQueryFields = {
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(100, LIMIT_MESSAGE)
    .default(20),
  cursor: opaqueToken({ max: 512, message: 'is not a cursor from this API' }).optional(),
};
