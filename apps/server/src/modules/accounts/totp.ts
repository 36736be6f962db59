import { randomInt } from 'node:crypto';
import { isTotpCode, RECOVERY_CODE_COUNT } from '@giftrelay/contracts';
import { hashToken } from '../../lib/secure-token';

/**
 * TOTP (RFC 6238) as authenticator apps know it: SHA-1, 6 digits, 30-second steps, by otplib
 * (decision 037). A code is accepted in its own step and the one either side of it (a clock a
 * little off, a code typed as it changed), and never in a step at or before the last accepted.
 */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'GiftRelay';

// Loaded when two-factor sign-in is first used, not at start: most processes, and most test
// files, never need them.
const otp = () => import('otplib');

export async function newTotpSecret(): Promise<string> {
  return (await otp()).generateSecret({ length: 20 });
}

export async function otpauthUri(secret: string, email: string): Promise<string> {
  return (await otp()).generateURI({ issuer: ISSUER, label: email, secret, period: TOTP_PERIOD_SECONDS });
}

export async function qrCodeSvg(uri: string): Promise<string> {
  const QRCode = (await import('qrcode')).default;
  return QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

/**
 * The time step the code belongs to, if it is right now and newer than `lastUsedStep`; else null.
 * `nowMs` is for tests.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  nowMs = Date.now(),
): Promise<number | null> {
  if (!isTotpCode(code)) return null;
  const result = await (await otp()).verify({
    secret,
    token: code,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(lastUsedStep !== null && { afterTimeStep: lastUsedStep }),
  });
  // A TOTP answer carries its step (an HOTP one would not; this is TOTP).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// No 0/o, 1/l/i: a code read from paper is typed right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten characters (about 49 bits each), shown as `abcde-fghjk`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is kept of a recovery code: SHA-256 of its ten characters, without the dash. */
export function hashRecoveryCode(code: string): Buffer {
  return hashToken(code.replace(/[\s-]+/g, '').toLowerCase());
}
