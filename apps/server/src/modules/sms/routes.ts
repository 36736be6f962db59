import { type SmsStatus, TwilioWebhookAnswerSchema } from '@giftrelay/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { errorResponses, PUBLIC } from '../../lib/openapi';
import { phoneProblem } from '../../lib/phone';
import { recordSmsStatus, SMS_STATUS_PATH } from '../orders';
import { optIn, optOut } from './repository';

const FORM_LIMIT = 16 * 1024;
const tags = ['sms'];

/** Twilio's opt-out and opt-in keywords (its Advanced Opt-Out defaults), matched as the whole text. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);

/** Twilio's `MessageStatus` values as ours; the others (receiving, received) say nothing of a sent text. */
const STATUS_OF: Record<string, SmsStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

const sid = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`), `must be a ${prefix}… SID`);
const field = (max: number) => z.string().max(max);

// Twilio's status callback (its documented form fields; others are allowed and ignored).
const StatusCallbackSchema = z.looseObject({
  AccountSid: sid('AC'),
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/, 'must be a message SID'),
  MessageStatus: field(40),
  ErrorCode: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
  ErrorMessage: field(500).optional(),
});
// Twilio's incoming message webhook.
const InboundSchema = z.looseObject({
  AccountSid: sid('AC'),
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/, 'must be a message SID'),
  From: field(40),
  Body: field(1600).default(''),
});

/**
 * Twilio's webhooks (decision 082), public, for Twilio only: each must carry X-Twilio-Signature
 * over this site's URL and the form's fields with TWILIO_AUTH_TOKEN (the library's
 * validateRequest), and name our account, or the answer is 403 and nothing is written. Without
 * Twilio configured they answer 404. Both are idempotent: a replayed status changes nothing, a
 * second STOP keeps the first.
 */
export async function smsRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => {
      const out: Record<string, string> = Object.create(null);
      for (const [k, v] of new URLSearchParams(body as string)) out[k] = v;
      done(null, out);
    },
  );

  /** 404 without Twilio, 403 for a forged or foreign request; the form's fields otherwise. */
  const verified = (request: FastifyRequest): Record<string, string> => {
    const twilio = app.config.twilio;
    if (!twilio || app.sms.name !== 'twilio')
      throw new AppError('NOT_FOUND', 'No SMS provider with webhooks is configured here');
    const params = (request.body ?? {}) as Record<string, string>;
    const signature = request.headers['x-twilio-signature'];
    const url = `${app.config.publicUrl}${request.url}`;
    if (typeof signature !== 'string' || !app.sms.verifyWebhook(signature, url, params))
      throw new AppError('FORBIDDEN', 'X-Twilio-Signature does not sign this request with our auth token');
    if (params.AccountSid !== twilio.accountSid)
      throw new AppError('FORBIDDEN', 'The request is for another Twilio account');
    return params;
  };
  const checked = <S extends z.ZodType>(schema: S, params: Record<string, string>): z.infer<S> => {
    const r = schema.safeParse(params);
    if (!r.success) {
      const issue = r.error.issues[0];
      const path = `body.${issue?.path.join('.') ?? ''}`;
      throw new AppError('VALIDATION_ERROR', `${path}: ${issue?.message}`, [{ path, message: issue?.message ?? '' }]);
    }
    return r.data;
  };

  app.post(
    SMS_STATUS_PATH.replace('/api/v1', ''),
    {
      schema: {
        operationId: 'receiveTwilioStatusCallback',
        summary: 'Twilio’s delivery reports for the texts it sent (signed with X-Twilio-Signature)',
        description:
          'For Twilio only: each text is sent with this URL as its StatusCallback. The `X-Twilio-Signature` header must sign this URL and the form’s fields with TWILIO_AUTH_TOKEN, and `AccountSid` must be ours, or the answer is 403 and nothing is written. `delivered` writes `reward.delivered` (channel `sms`) for each issued reward, `failed` or `undelivered` a `reward.sms_failed`, once: a status replayed or arriving after a later one changes nothing. Answers 404 where no Twilio account is configured.',
        tags,
        security: PUBLIC,
        consumes: ['application/x-www-form-urlencoded'],
        headers: z.object({ 'x-twilio-signature': z.string().max(200).optional() }),
        response: { 200: TwilioWebhookAnswerSchema, ...errorResponses(400, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const form = checked(StatusCallbackSchema, verified(request));
      const status = STATUS_OF[form.MessageStatus];
      const changed = status
        ? await recordSmsStatus(app.db, {
            sid: form.MessageSid,
            status,
            errorCode: form.ErrorCode ? Number(form.ErrorCode) : null,
            errorMessage: form.ErrorMessage ?? null,
          })
        : false;
      return { success: true as const, changed };
    },
  );

  app.post(
    '/sms/twilio/inbound',
    {
      schema: {
        operationId: 'receiveTwilioInboundMessage',
        summary: 'Texts people send to the Twilio number: STOP and START (signed with X-Twilio-Signature)',
        description:
          'For Twilio only: set it as the number’s (or Messaging Service’s) incoming message webhook. STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE or OPTOUT puts the sender on the opt-out list (orders to it are refused 409 `RECIPIENT_OPTED_OUT`); START, YES or UNSTOP takes it off. Anything else is ignored. Signed and checked as the status callback; answers empty TwiML (Twilio itself replies to STOP).',
        tags,
        security: PUBLIC,
        consumes: ['application/x-www-form-urlencoded'],
        headers: z.object({ 'x-twilio-signature': z.string().max(200).optional() }),
        response: {
          200: { description: 'Empty TwiML', content: { 'text/xml': { schema: z.string() } } },
          ...errorResponses(400, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const form = checked(InboundSchema, verified(request));
      const { number } = phoneProblem(form.From);
      const word = form.Body.trim().toUpperCase();
      if (number && STOP_WORDS.has(word)) await optOut(app.db, number, word);
      else if (number && START_WORDS.has(word)) await optIn(app.db, number);
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
  );
}
