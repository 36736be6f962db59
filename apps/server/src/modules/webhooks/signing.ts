import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` under the secret's bytes (the base64 after `whsec_`). Several secrets (during
 * a rotation) give several signatures, space-separated; a receiver accepts any one it can verify.
 */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}
