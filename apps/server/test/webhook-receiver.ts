import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A customer's webhook receiver on the loopback interface: records every request and answers
 * with the next planned answer (then 200 once the plan runs out).
 */
export async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  const plan: { status: number; body?: string; headers?: Record<string, string> }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const answer = plan.shift() ?? { status: 200, body: 'ok' };
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    /** Answers the next requests with these, in order. */
    answer: (...answers: typeof plan) => plan.push(...answers),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
