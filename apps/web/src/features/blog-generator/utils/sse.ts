import { type BlogStreamEvent, BlogStreamEventSchema } from '@giftrelay/contracts';

/**
 * Reads server-sent events from a fetch body as they arrive: each `event:`/`data:` block becomes
 * one typed event. A block the schema does not know is skipped.
 */
export async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: BlogStreamEvent) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const parsed = parseBlock(buffer.slice(0, end));
      if (parsed) onEvent(parsed);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
    if (done) return;
  }
}

export function parseBlock(block: string): BlogStreamEvent | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  try {
    const result = BlogStreamEventSchema.safeParse({ event: name, ...JSON.parse(data.join('\n') || '{}') });
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
