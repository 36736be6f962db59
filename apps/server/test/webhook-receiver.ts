import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An answer, or `hold`: the request is kept open, unanswered, until the receiver closes. */
export type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string> } | 'hold';

/**
 * A customer's webhook receiver on the loopback interface: records every request and answers
 * with the next planned answer, then what `otherwise` says (200 by default).
 */
export async function startReceiver(otherwise?: (r: ReceivedWebhook, n: number) => ReceiverAnswer) {
  const received: ReceivedWebhook[] = [];
  const plan: ReceiverAnswer[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body };
      received.push(r);
      const answer = plan.shift() ?? otherwise?.(r, received.length) ?? { status: 200, body: 'ok' };
      if (answer === 'hold') return;
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
    answer: (...answers: ReceiverAnswer[]) => plan.push(...answers),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
