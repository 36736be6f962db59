import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends CSV produced by `lines` as it is produced. The stream pulls the next chunk only when the
 * client has taken the last one, so a slow download never piles rows up in memory. Compression
 * (when the client asks for it) applies on the way out.
 */
export function streamCsv(reply: FastifyReply, disposition: string, lines: AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', disposition)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines, { objectMode: false, highWaterMark: 64 * 1024 }));
}
