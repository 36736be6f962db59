import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible chat-completions API at its HTTP edge, in the test's process
 * (decision 050): `POST /v1/chat/completions` answers as OpenAI documents it — a streamed answer
 * as server-sent `chat.completion.chunk` events ending with `data: [DONE]`, a whole answer as one
 * `chat.completion` JSON, errors with OpenAI's `{error: {message, type, param, code}}` body — and
 * can be told to fail, to answer slowly, or to stop half-way. Every request is recorded.
 */
export interface RecordedChatRequest {
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    seed?: number;
    messages?: { role: string; content: string }[];
  };
}

type Plan =
  | { kind: 'error'; status: number; message: string; type: string; code: string | null }
  /** Waits this long before the headers. */
  | { kind: 'slow'; ms: number }
  /** Sends the first chunks, then waits this long before the rest. */
  | { kind: 'stall'; afterChunks: number; ms: number };

export interface FakeOpenAi {
  baseUrl: string;
  requests: RecordedChatRequest[];
  /** What the next answers say, in pieces (each a streamed chunk). */
  answer: string[];
  /** The next request fails, is slow or stalls. */
  plan(plan: Plan): void;
  close(): Promise<void>;
}

export const FAKE_OPENAI_KEY = 'sk-fake-openai-key-for-tests';

/** Three short variants, as the blog generator asks for, split into chunks. */
export const FAKE_BLOG_ANSWER = [
  '## VARIANT A\n\n# Employee Rewards: A Guide\n\n',
  'An authoritative introduction.\n\n## Why it works\n\nBecause <script>alert(1)</script> is text.\n\n',
  '## VARIANT B\n\n# Planning Employee Rewards\n\nA consultative take.\n\n',
  '## VARIANT C\n\n# Employee Rewards, Without the Headache\n\nA conversational take. [Try it](javascript:alert(1))\n',
];

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const plans: Plan[] = [];
  const requests: RecordedChatRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const state = { answer: [...FAKE_BLOG_ANSWER] };

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => resolve(data));
    });
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return json(
        res,
        404,
        openAiError(`Unknown request URL: ${req.method} ${req.url}`, 'invalid_request_error', null),
      );
    }
    const body = JSON.parse(raw || '{}') as RecordedChatRequest['body'];
    requests.push({ authorization: req.headers.authorization, body });
    if (req.headers.authorization !== `Bearer ${FAKE_OPENAI_KEY}`) {
      return json(res, 401, openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
    }
    const plan = plans.shift();
    if (plan?.kind === 'error') return json(res, plan.status, openAiError(plan.message, plan.type, plan.code));
    if (plan?.kind === 'slow') await sleep(plan.ms);
    if (res.destroyed) return;
    const id = 'chatcmpl-fake';
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? 'fake-model';
    if (!body.stream) {
      return json(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: state.answer.join('') }, finish_reason: 'stop' }],
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }));
    for (const [i, piece] of state.answer.entries()) {
      if (plan?.kind === 'stall' && i === plan.afterChunks) await sleep(plan.ms);
      if (res.destroyed) return;
      res.write(chunk({ content: piece }));
    }
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get answer() {
      return state.answer;
    },
    set answer(pieces: string[]) {
      state.answer = pieces;
    },
    plan: (p) => plans.push(p),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The LLM_* variables that point the app at the fake. */
export function fakeOpenAiEnv(fake: FakeOpenAi, timeoutMs = 5000): Record<string, string> {
  return {
    LLM_BASE_URL: fake.baseUrl,
    LLM_API_KEY: FAKE_OPENAI_KEY,
    LLM_MODEL: 'fake-gpt',
    LLM_TIMEOUT_MS: String(timeoutMs),
  };
}

function openAiError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

function json(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
