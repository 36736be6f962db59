import OpenAI from 'openai';
import { WriterError } from './errors';

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

/**
 * Streams a chat completion from an OpenAI-compatible API with the official client. The whole
 * answer must arrive within `timeoutMs` (the client's own timeout covers only the wait for the
 * headers). Any failure becomes a WriterError whose message an operator can act on; the key is
 * never part of one.
 */
export async function streamChat(
  config: LlmConfig,
  request: { system: string; prompt: string; seed?: number },
  onDelta: (delta: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    // One answer per click: a retry would double the wait before the operator sees the error.
    maxRetries: 0,
  });
  const deadline = AbortSignal.timeout(config.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let text = '';
  try {
    const stream = await client.chat.completions.create(
      {
        model: config.model,
        stream: true,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.prompt },
        ],
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
      },
      { signal: combined },
    );
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) {
        text += delta;
        onDelta(delta);
      }
    }
    // The client's stream ends quietly when its signal aborts: that is a timeout, not an answer.
    if (combined.aborted) throw combined.reason;
  } catch (err) {
    if (deadline.aborted)
      throw new WriterError(`The writer did not finish within ${Math.round(config.timeoutMs / 1000)} seconds.`);
    if (signal?.aborted) throw new WriterError('The generation was cancelled.');
    throw toWriterError(err);
  }
  if (!text.trim()) throw new WriterError('The writer answered with no text.');
  return text;
}

function toWriterError(err: unknown): WriterError {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return new WriterError('The writer did not answer in time.');
  if (err instanceof OpenAI.APIConnectionError) return new WriterError('Could not reach the writer’s API.');
  if (err instanceof OpenAI.APIError) {
    const detail = apiMessage(err);
    const what =
      err.status === 401 || err.status === 403
        ? 'The writer’s API refused the key'
        : err.status === 429
          ? 'The writer’s API is rate-limiting or out of quota'
          : err.status === 404
            ? 'The writer’s API does not know the model or the address'
            : 'The writer’s API failed';
    return new WriterError(`${what} (${err.status ?? 'no status'})${detail ? `: ${detail}` : '.'}`);
  }
  return new WriterError('The writer failed.');
}

/** The provider's own message, shortened; OpenAI's body is {error: {message, type, code}}. */
function apiMessage(err: InstanceType<typeof OpenAI.APIError>): string {
  const body = err.error as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : '';
  return message.replace(/\s+/g, ' ').trim().slice(0, 300);
}
