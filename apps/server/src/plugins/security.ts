import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Security headers for every answer, with a CSP the web app satisfies: scripts only from our
 * origin (no inline script), styles from our origin plus the inline styles that Radix and
 * sonner set on elements, images also as data: URIs for generated logos.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const isProduction = opts.config.appEnv === 'production';
    // helmet's middleware is built once here. (@fastify/helmet rebuilt it, parsing every CSP
    // directive again, on each request: about 4 % of a cheap read's CPU in bench:api's profile.)
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only makes sense where the site is served over HTTPS.
      strictTransportSecurity: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      setSecurityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
    });
    // Brotli's default (quality 11) is for files compressed once; on answers made per request it
    // costs seconds per megabyte and holds a streamed export back until its end. Quality 4
    // compresses about as well as gzip, faster. Built assets are served pre-compressed at 11.
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'security' },
);
