import { z } from 'zod';
import { phoneProblem } from './phone';

/** Twilio, for texts (issue 32, decision 082): null when TWILIO_* is not set (the built-in mailbox takes them). */
export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The number (E.164) or alphanumeric sender texts come from; or a Messaging Service instead. */
  from: string | null;
  messagingServiceSid: string | null;
  /** Where the library's requests go: Twilio's own API, or a fake in tests (TWILIO_API_BASE). */
  apiBase: string;
}

/** The TWILIO_* variables, for config.ts's schema. */
export const TWILIO_ENV = {
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, 'must be your Account SID, AC followed by 32 hex digits (Twilio Console → Account info)')
    .optional(),
  TWILIO_AUTH_TOKEN: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'must be your Auth Token, 32 hex digits (Twilio Console → Account info)')
    .optional(),
  TWILIO_FROM: z
    .string()
    .refine(
      (v) => phoneProblem(v).number !== null || /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(v),
      'must be a Twilio number in E.164 (+15017122661) or an alphanumeric sender ID of at most 11 letters and digits',
    )
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-f]{32}$/, 'must be a Messaging Service SID, MG followed by 32 hex digits')
    .optional(),
  /** Points the library elsewhere (a fake in tests): scheme, host and port only. */
  TWILIO_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL with no path, such as http://127.0.0.1:12113' })
    .refine((v) => ['/', ''].includes(new URL(v).pathname), 'must be an http(s) URL with no path')
    .optional(),
};

type Env = { [K in keyof typeof TWILIO_ENV]?: string } & { APP_ENV: string };

/** Twilio's settings from the parsed variables, or the problems a person must fix before it starts. */
export function twilioFrom(e: Env): { config: TwilioConfig | null; problems: string[] } {
  const set = (Object.keys(TWILIO_ENV) as (keyof typeof TWILIO_ENV)[]).some((name) => e[name]);
  if (!set) return { config: null, problems: [] };
  const problems: string[] = [];
  for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const)
    if (!e[name])
      problems.push(`${name} must be set when any TWILIO_* variable is: texts go through your Twilio account`);
  if (!e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID)
    problems.push('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID must be set: Twilio needs a sender for the texts');
  if (e.TWILIO_API_BASE && e.APP_ENV === 'production')
    problems.push('TWILIO_API_BASE is for tests against a fake Twilio: unset it with APP_ENV=production');
  if (problems.length) return { config: null, problems };
  return {
    config: {
      accountSid: e.TWILIO_ACCOUNT_SID as string,
      authToken: e.TWILIO_AUTH_TOKEN as string,
      from: e.TWILIO_FROM ?? null,
      messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID ?? null,
      apiBase: (e.TWILIO_API_BASE ?? 'https://api.twilio.com').replace(/\/$/, ''),
    },
    problems: [],
  };
}
