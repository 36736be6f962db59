import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, randomIp, signUpCookie, uniqueEmail, waitForEmail } from '../../test/factories';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../test/helpers';
import { renderEmail } from '../lib/email/layout';

describe(`the built-in mailbox (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const email = (to: string, subject: string) => ({
    to,
    subject,
    ...renderEmail({ preview: subject, heading: subject, paragraphs: [`Hello <b>${to}</b>`] }),
  });

  it('stores each email sent and lists them newest first, optionally for one recipient', async () => {
    const to = uniqueEmail('box');
    await t.app.mail.send(email(to, 'First'));
    await waitForEmail(t, to, /First/);
    await t.app.mail.send(email(to, 'Second'));
    await waitForEmail(t, to, /Second/);
    await t.app.mail.send(email(uniqueEmail('someone-else'), 'Other'));

    const mine = (await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(to.toUpperCase())}` })).json();
    expect(mine.messages.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    const message = mine.messages[0];
    expect(message).toMatchObject({ to, from: 'GiftRelay <no-reply@localhost.localdomain>' });
    expect(message.html).toContain(`Hello &lt;b&gt;${to}&lt;/b&gt;`);
    expect(message.text).toContain(`Hello <b>${to}</b>`);

    const all = await eventually(async () => {
      const list = (await t.app.inject({ url: '/api/mailbox' })).json().messages;
      return list[0]?.subject === 'Other' ? list : undefined;
    });
    const times = all.map((m: { created_at: string }) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const one = await t.app.inject({ url: `/api/mailbox/${message.id}` });
    expect(one.json()).toEqual({ success: true, message });
  });

  it('answers 404 for an unknown message and 400 for a malformed id or limit', async () => {
    const missing = await t.app.inject({ url: '/api/mailbox/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      request_id: expect.any(String),
      error: 'Message not found',
      code: 'NOT_FOUND',
    });
    expect((await t.app.inject({ url: '/api/mailbox/not-a-uuid' })).json().code).toBe('VALIDATION_ERROR');
    expect((await t.app.inject({ url: '/api/mailbox?limit=0' })).json().code).toBe('VALIDATION_ERROR');
  });

  it('queues an email with the caller transaction: a rollback sends nothing', async () => {
    const to = uniqueEmail('trx');
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await t.app.mail.send(email(to, 'Never'), { db: trx });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await t.app.db.transaction().execute((trx) => t.app.mail.send(email(to, 'Committed'), { db: trx }));
    await waitForEmail(t, to, /Committed/);
    const list = (await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(to)}` })).json().messages;
    expect(list.map((m: { subject: string }) => m.subject)).toEqual(['Committed']);
  });
});

/** The message as a person would read it: quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe(`email through SMTP_URL (${TEST_DB})`, () => {
  interface Received {
    from: string;
    to: string[];
    raw: string;
  }
  const received: Received[] = [];
  let rejectNext = 0;
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (rejectNext > 0) {
            rejectNext -= 1;
            const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
            return callback(err);
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'GiftRelay <rewards@giftrelay.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the verification email to the SMTP server, with HTML and text parts and a link that verifies', async () => {
    const to = uniqueEmail('smtp');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: to, password: 'violet-Harbour-42' },
      remoteAddress: randomIp(),
    });
    expect(signUp.statusCode).toBe(200);
    const got = await eventually(async () => received.find((r) => r.to.includes(to)));
    expect(got.from).toBe('rewards@giftrelay.test');
    const message = decodeQuotedPrintable(got.raw);
    expect(message).toContain('Subject: Verify your email for GiftRelay');
    expect(message).toContain('From: GiftRelay <rewards@giftrelay.test>');
    expect(message).toMatch(/Content-Type: multipart\/alternative/);
    expect(message).toMatch(/Content-Type: text\/plain/);
    expect(message).toMatch(/Content-Type: text\/html/);
    expect(message).toContain('Verify email</a>');
    const token = linkToken({ text: message }, '/verify/');

    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify',
      payload: { token },
      cookies: signUpCookie(signUp),
    });
    expect(verify.json()).toMatchObject({ success: true, email: to });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=password',
      payload: { email: to, password: 'violet-Harbour-42' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('retries when the SMTP server refuses for a while', async () => {
    rejectNext = 1;
    const to = uniqueEmail('retry');
    await t.app.mail.send({
      to,
      subject: 'Eventually',
      ...renderEmail({ preview: 'x', heading: 'x', paragraphs: [] }),
    });
    const got = await eventually(async () => received.find((r) => r.to.includes(to)), 30_000);
    expect(got.raw).toContain('Subject: Eventually');
    expect(rejectNext).toBe(0);
  }, 40_000);

  it('has no built-in mailbox while SMTP is configured', async () => {
    const res = await t.app.inject({ url: '/api/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
