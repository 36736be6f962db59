import { describe, expect, it } from 'vitest';
import { parseBlock, readEvents } from './sse';

describe('readEvents', () => {
  it('reads events split anywhere across chunks, and skips unknown ones', async () => {
    const text =
      'event: start\ndata: {"writer":"built_in"}\n\nevent: delta\ndata: {"text":"## VARIANT A\\n\\n"}\n\nevent: mystery\ndata: {}\n\nevent: done\ndata: {"draft_id":"00000000-0000-4000-8000-000000000000"}\n\n';
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    const events: unknown[] = [];
    await readEvents(body, (e) => events.push(e));
    expect(events).toEqual([
      { event: 'start', writer: 'built_in' },
      { event: 'delta', text: '## VARIANT A\n\n' },
      { event: 'done', draft_id: '00000000-0000-4000-8000-000000000000' },
    ]);
  });

  it('ignores a block that is not JSON', () => {
    expect(parseBlock('event: delta\ndata: not json')).toBeNull();
  });
});
