/**
 * The receiver the Docs page's Webhooks tab shows: a whole Node.js program that verifies each
 * delivery with the `standardwebhooks` package. apps/server/src/modules/webhooks/delivery.test.ts
 * runs this very text against the real server. Keep this module free of imports.
 */
export const WEBHOOK_RECEIVER_SNIPPET = `import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

// The endpoint's signing secret (whsec_…), from Settings → Developers.
const webhook = new Webhook(process.env.GIFTRELAY_WEBHOOK_SECRET);
const seen = new Set(); // keep this in your database: a retried event has the same id

createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    let event;
    try {
      // Checks webhook-signature over webhook-id, webhook-timestamp and the raw body, and
      // refuses a timestamp more than five minutes away.
      event = webhook.verify(body, req.headers);
    } catch {
      res.writeHead(400).end('bad signature');
      return;
    }
    res.writeHead(204).end(); // answer within 15 s; do slow work afterwards
    if (seen.has(event.id)) return;
    seen.add(event.id);
    console.log(event.type, event.id, JSON.stringify(event.data));
  });
}).listen(Number(process.env.PORT ?? 8080));
`;
