import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// The file's opening and its first batch: the first batch runs the export's first query.
const READ_AHEAD_CHUNKS = 2;

/**
 * Sends a download produced by `chunks` as it is produced. The stream pulls the next chunk only
 * when the client has taken the last one, so a slow download never piles rows up in memory.
 * Compression (when the client asks for it) applies on the way out.
 *
 * The first chunks are produced before the status line is sent, so a request the export's first
 * query refuses answers a proper error instead of a 200 that breaks off (every parameter is also
 * checked by the route's schema before this runs).
 */
export async function streamDownload(
  reply: FastifyReply,
  headers: { contentType: string; disposition: string },
  chunks: AsyncIterable<string | Buffer>,
) {
  const iterator = chunks[Symbol.asyncIterator]();
  const ahead: (string | Buffer)[] = [];
  let done = false;
  while (ahead.length < READ_AHEAD_CHUNKS) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    ahead.push(next.value);
  }
  async function* all() {
    yield* ahead;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return reply
    .header('content-type', headers.contentType)
    .header('content-disposition', headers.disposition)
    .header('cache-control', 'no-store')
    .send(Readable.from(all(), { objectMode: false, highWaterMark: 64 * 1024 }));
}

/** CSV lines as a download (see streamDownload). */
export function streamCsv(reply: FastifyReply, disposition: string, lines: AsyncIterable<string>) {
  return streamDownload(reply, { contentType: 'text/csv; charset=utf-8', disposition }, lines);
}
