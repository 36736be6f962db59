import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
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
