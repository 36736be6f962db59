/**
 * Reading a CSV download as it streams in, counting its rows for a progress bar. Naming and saving
 * the file are @/lib/download's, shared with every other download.
 */

/**
 * Counts the data rows of a CSV fed to it in pieces, however the pieces fall: a line break inside
 * a quoted cell (a message with several lines) does not end a row, and the header row is not one.
 */
export class CsvRowCounter {
  private isInQuotes = false;
  private lineBreaks = 0;
  private hasOpenLine = false;

  push(text: string): number {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      // A doubled quote inside a quoted cell toggles twice: it stays inside, as it should.
      if (ch === '"') this.isInQuotes = !this.isInQuotes;
      if (ch === '\n' && !this.isInQuotes) {
        this.lineBreaks++;
        this.hasOpenLine = false;
      } else if (ch !== '\r') {
        this.hasOpenLine = true;
      }
    }
    return this.rows;
  }

  /** Data rows received whole so far. */
  get rows(): number {
    return Math.max(0, this.lineBreaks - 1);
  }

  /** Data rows once the text has ended: a last row without its line break counts too. */
  finish(): number {
    return Math.max(0, this.lineBreaks + (this.hasOpenLine ? 1 : 0) - 1);
  }
}

export interface CsvStreamResult {
  blob: Blob;
  rows: number;
}

/**
 * Reads a CSV answer's body to the end, reporting the rows received after each piece. Aborting
 * `signal` stops the read with its reason, even where the body would not notice by itself.
 */
export async function readCsvStream(
  response: Response,
  onRows: (rows: number) => void,
  signal?: AbortSignal,
): Promise<CsvStreamResult> {
  const counter = new CsvRowCounter();
  const type = response.headers.get('content-type') ?? 'text/csv';
  signal?.throwIfAborted();
  if (!response.body) {
    const text = await response.text();
    counter.push(text);
    onRows(counter.finish());
    return { blob: new Blob([text], { type }), rows: counter.finish() };
  }
  const reader = response.body.getReader();
  const stop = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const decoder = new TextDecoder();
    const parts: Uint8Array<ArrayBuffer>[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      parts.push(value as Uint8Array<ArrayBuffer>);
      onRows(counter.push(decoder.decode(value, { stream: true })));
    }
    counter.push(decoder.decode());
    onRows(counter.finish());
    return { blob: new Blob(parts, { type }), rows: counter.finish() };
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
