import type { FastifyRequest } from 'fastify';

const SECRET_QUERY_KEY = /token|code|key|secret|password|signature/i;
const SECRET_PATH = /^\/(claim|verify|reset|reset-password|auth\/verify|auth\/reset)\/[^/?]+/;

/**
 * Removes what must never reach a log from a request URL: tokens in paths (claim and
 * verification links) and the values of secret-looking query parameters.
 */
export function redactRequestUrl(url: string): string {
  const q = url.indexOf('?');
  const pathname = (q === -1 ? url : url.slice(0, q)).replace(
    SECRET_PATH,
    (m) => `${m.slice(0, m.lastIndexOf('/'))}/[redacted]`,
  );
  if (q === -1) return pathname;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEY.test(key) && key !== 'grant_type') params.set(key, '[redacted]');
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export const loggerOptions = (level: string) => ({
  level,
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      '*.password',
      '*.token',
      '*.access_token',
      '*.refresh_token',
      '*.pin',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req(req: FastifyRequest) {
      return {
        method: req.method,
        url: redactRequestUrl(req.url),
        remoteAddress: req.ip,
      };
    },
  },
});
