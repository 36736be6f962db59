// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { CsvRowCounter, readCsvStream } from './csv-download';

const HEADER = 'order_id,recipient_name,message\n';

/** A response whose body arrives in the given pieces, as a network stream does. */
function streamed(pieces: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
}

describe('CsvRowCounter', () => {
  it('counts the data rows received whole, however the pieces fall, not the header', () => {
    const counter = new CsvRowCounter();
    expect(counter.push('order_id,na')).toBe(0);
    expect(counter.push('me\n1,Ada\n2,B')).toBe(1);
    expect(counter.push('ob\n')).toBe(2);
  });

  it('does not end a row at a line break or doubled quote inside a quoted cell, and takes CRLF', () => {
    const counter = new CsvRowCounter();
    counter.push(HEADER.replace('\n', '\r\n'));
    counter.push('1,"Ada ""the first""","line one\r\n');
    expect(counter.rows).toBe(0);
    counter.push('line two"\r\n2,"Smith, Bob",hi\r\n');
    expect(counter.rows).toBe(2);
  });

  it('counts a last row without its line break once the text has ended', () => {
    const counter = new CsvRowCounter();
    expect(counter.push(`${HEADER}1,Ada,hi`)).toBe(0);
    expect(counter.finish()).toBe(1);
    expect(new CsvRowCounter().finish()).toBe(0);
    const headerOnly = new CsvRowCounter();
    headerOnly.push(HEADER);
    expect(headerOnly.finish()).toBe(0);
  });
});

describe('readCsvStream', () => {
  it('reports the rows as the pieces arrive and keeps every byte', async () => {
    const pieces = [HEADER, '1,Ada,"two\nlines"\n2,', 'Bob,hi\n3,Café,ok\n'];
    const progress: number[] = [];
    const { blob, rows } = await readCsvStream(streamed(pieces), (n) => progress.push(n));
    expect(rows).toBe(3);
    expect(progress).toEqual([0, 1, 3, 3]);
    expect(await blob.text()).toBe(pieces.join(''));
    expect(blob.type).toBe('text/csv; charset=utf-8');
  });

  it('stops with the abort when the download is cancelled mid-stream', async () => {
    const controller = new AbortController();
    // A body that would go on for ever: only the abort ends the read.
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode(`${HEADER}1,a,b\n2,a,b\n`));
      },
    });
    const progress: number[] = [];
    const read = readCsvStream(
      new Response(body),
      (rows) => {
        progress.push(rows);
        controller.abort(new DOMException('The user aborted a request.', 'AbortError'));
      },
      controller.signal,
    );
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([2]);
  });

  it('does not start reading once cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(readCsvStream(new Response('a\n'), () => {}, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
