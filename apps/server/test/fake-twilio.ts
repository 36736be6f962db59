import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A fake of Twilio's Programmable Messaging at its HTTP edge (decision 082), in the test's
 * process, in the shapes of Twilio's public documentation: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP Basic auth (the Account SID and Auth
 * Token) and a form body (`To`, `Body`, `From` or `MessagingServiceSid`, `StatusCallback`),
 * answered 201 with the Message resource as JSON (`sid` SM…, `status` queued), or Twilio's error
 * body `{code, message, more_info, status}` (20003 for bad credentials, 21211 for an invalid
 * `To`, 21610 for a number that replied STOP). Controls fail the next requests (a 500, a 429),
 * and `statusCallback` posts a delivery report to the app signed as Twilio signs it
 * (X-Twilio-Signature, the library's own signing function).
 */
export const FAKE_TWILIO = {
  accountSid: `AC${'1'.repeat(32)}`,
  authToken: 'f'.repeat(32),
  from: '+15005550006',
};

export interface SentMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
}

type Planned = { status: number; code: number; message: string; times: number };

export class FakeTwilio {
  readonly messages: SentMessage[] = [];
  /** Every request, for the assertions on what the library sent. */
  readonly requests: { path: string; authorization: string | undefined; form: URLSearchParams }[] = [];
  private planned: Planned[] = [];
  private server: Server | undefined;
  /** Numbers Twilio refuses as it refuses one that replied STOP to the sender (21610). */
  readonly blocked = new Set<string>();

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this.baseUrl;
  }

  get baseUrl(): string {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('the fake Twilio is not started');
    return `http://127.0.0.1:${address.port}`;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The app's environment for this fake. */
  env(): Record<string, string> {
    return {
      TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
      TWILIO_FROM: FAKE_TWILIO.from,
      TWILIO_API_BASE: this.baseUrl,
    };
  }

  /** The next `times` message requests answer `status` with Twilio's error body. */
  fail(status: number, times = 1, code = status === 429 ? 20429 : 20500, message = 'Internal Server Error') {
    this.planned.push({ status, code, message, times });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const path = (req.url ?? '').split('?')[0] ?? '';
    this.requests.push({ path, authorization: req.headers.authorization, form });
    const json = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string) =>
      json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match || req.method !== 'POST') return error(404, 20404, 'The requested resource was not found');
    const expected = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected || match[1] !== FAKE_TWILIO.accountSid)
      return error(401, 20003, 'Authenticate');
    const plan = this.planned[0];
    if (plan) {
      plan.times--;
      if (plan.times <= 0) this.planned.shift();
      return error(plan.status, plan.code, plan.message);
    }
    const to = form.get('To') ?? '';
    if (!to) return error(400, 21604, "A 'To' phone number is required.");
    if (!form.get('Body')) return error(400, 21602, 'Message body is required.');
    if (!form.get('From') && !form.get('MessagingServiceSid'))
      return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (this.blocked.has(to)) return error(400, 21610, 'Attempt to send to unsubscribed recipient');
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const now = new Date().toUTCString();
    const message: SentMessage = {
      sid,
      to,
      from: form.get('From'),
      messagingServiceSid: form.get('MessagingServiceSid'),
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback'),
    };
    this.messages.push(message);
    json(201, {
      account_sid: FAKE_TWILIO.accountSid,
      api_version: '2010-04-01',
      body: message.body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: message.from,
      messaging_service_sid: message.messagingServiceSid,
      num_media: '0',
      num_segments: String(Math.ceil(message.body.length / 160)),
      price: null,
      price_unit: 'USD',
      sid,
      status: 'queued',
      subresource_uris: { media: `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages/${sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages/${sid}.json`,
    });
  }
}

/** A status callback's form fields as Twilio posts them for a message. */
export function statusCallbackForm(
  m: Pick<SentMessage, 'sid' | 'to' | 'from'>,
  status: string,
  error?: { code: number; message?: string },
): Record<string, string> {
  return {
    AccountSid: FAKE_TWILIO.accountSid,
    ApiVersion: '2010-04-01',
    From: m.from ?? FAKE_TWILIO.from,
    MessageSid: m.sid,
    MessageStatus: status,
    SmsSid: m.sid,
    SmsStatus: status,
    To: m.to,
    ...(error ? { ErrorCode: String(error.code), ...(error.message ? { ErrorMessage: error.message } : {}) } : {}),
  };
}

/** An incoming message's form fields, as Twilio posts them to the number's webhook. */
export function inboundForm(from: string, body: string): Record<string, string> {
  const sid = `SM${randomBytes(16).toString('hex')}`;
  return {
    AccountSid: FAKE_TWILIO.accountSid,
    ApiVersion: '2010-04-01',
    Body: body,
    From: from,
    MessageSid: sid,
    NumMedia: '0',
    NumSegments: '1',
    SmsMessageSid: sid,
    SmsSid: sid,
    SmsStatus: 'received',
    To: FAKE_TWILIO.from,
  };
}

/** X-Twilio-Signature for a post of `params` to `url`, as Twilio computes it. */
export function twilioSignature(url: string, params: Record<string, string>, authToken = FAKE_TWILIO.authToken) {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}
