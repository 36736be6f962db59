import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { deriveKey } from './crypto';
import { validationError } from './errors';

/**
 * Page cursors: opaque to clients and tamper-evident. A cursor is the last row's place in the
 * listing order, as JSON, signed with a key of the instance (HMAC-SHA-256, 128 bits kept) and
 * bound to the listing it belongs to. A forged, truncated or corrupted cursor, or one from
 * another listing, is 400 VALIDATION_ERROR naming `query.cursor`: it never reaches SQL.
 */
export interface Cursors {
  encode(listing: string, position: readonly unknown[]): string;
  /** The position in `cursor`, checked against `schema` after its signature. */
  decode<T>(listing: string, cursor: string, schema: z.ZodType<T>): T;
}

const MAC_BYTES = 16;

export function createCursors(instanceKey: Buffer): Cursors {
  // A key of its own, derived from the instance's, so the cursor MAC never reuses another key.
  const key = deriveKey(instanceKey, 'giftrelay page cursor v1');
  const mac = (listing: string, payload: string) =>
    createHmac('sha256', key).update(listing).update('\0').update(payload).digest().subarray(0, MAC_BYTES);

  return {
    encode(listing, position) {
      const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
      return `${payload}.${mac(listing, payload).toString('base64url')}`;
    },
    decode(listing, cursor, schema) {
      const [payload, signature, extra] = cursor.split('.');
      if (payload && signature && extra === undefined) {
        const given = Buffer.from(signature, 'base64url');
        if (given.length === MAC_BYTES && timingSafeEqual(given, mac(listing, payload))) {
          try {
            const parsed = schema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
            if (parsed.success) return parsed.data;
          } catch {
            // Signed but unreadable: only a change of format does that; answered as below.
          }
        }
      }
      throw validationError('query.cursor: is not a cursor from this API', [
        { path: 'query.cursor', message: 'is not a cursor from this API' },
      ]);
    },
  };
}

/**
 * A keyset listing: its name (a cursor is bound to it), the position a cursor carries, decoded,
 * and the position the next page starts after, from the page's last row.
 */
export interface Listing<Row, Position> {
  name: string;
  position: z.ZodType<Position>;
  next(last: Row, page: { after: Position | undefined; limit: number }): readonly unknown[];
}

/**
 * One page of a listing: `query` reads up to `limit` rows after the decoded position (one more is
 * asked for, to know whether another page follows); a bad cursor is refused before any SQL runs.
 */
export async function paginate<Row extends Keyed, Keyed, Position>(
  cursors: Cursors,
  listing: Listing<Keyed, Position>,
  q: { cursor?: string | undefined; limit: number },
  query: (page: { after: Position | undefined; limit: number }) => Promise<Row[]>,
): Promise<{ page: Row[]; nextCursor: string | null }> {
  const after = q.cursor ? cursors.decode(listing.name, q.cursor, listing.position) : undefined;
  const rows = await query({ after, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > q.limit && last !== undefined
      ? cursors.encode(listing.name, listing.next(last, { after, limit: q.limit }))
      : null;
  return { page, nextCursor };
}

const CreatedAtPosition = z
  .tuple([z.iso.datetime(), z.uuid()])
  .transform(([at, id]) => ({ createdAt: new Date(at), id }));

/** The usual listing: newest first by (created_at, id), both kept in the cursor. */
export function createdAtListing(
  name: string,
): Listing<{ created_at: Date; id: string }, { createdAt: Date; id: string }> {
  return { name, position: CreatedAtPosition, next: (last) => [last.created_at.toISOString(), last.id] };
}
