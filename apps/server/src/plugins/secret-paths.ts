import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pageSecretPaths, redactRequestUrl } from '../lib/log';
import { redactTracedUrlsWith } from '../lib/tracing';

/** A path parameter with one of these names holds a secret unless its route says otherwise. */
const SECRET_LOOKING = /token|secret|password|signature/i;

/**
 * Collects the secret path parameters every route declares (`config.secretParams`), for the
 * logger and the traces to redact (lib/log.ts, lib/tracing.ts). A route whose parameter looks like a secret (`:token`) and
 * does not declare it stops the server from starting: a new claim-like route cannot leak its
 * token into the logs by being forgotten. Registered first, so its hook sees every route.
 */
export const secretPathsPlugin = fp(
  async (app: FastifyInstance) => {
    const paths = pageSecretPaths();
    app.decorate('secretPaths', paths);
    // Spans show request URLs as the logs do (decision 072).
    redactTracedUrlsWith((url) => redactRequestUrl(url, paths));
    app.addHook('onRoute', (route) => {
      const url = route.url ?? route.path;
      const declared = route.config?.secretParams ?? [];
      const params = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
      for (const name of declared) {
        if (!params.includes(name)) throw new Error(`${url} declares a secret parameter :${name} it does not have`);
      }
      const undeclared = params.find((p) => SECRET_LOOKING.test(p) && !declared.includes(p));
      if (undeclared) {
        throw new Error(
          `${url}: the path parameter :${undeclared} looks like a secret; list it in the route's config.secretParams so it is never logged`,
        );
      }
      paths.add(url, declared);
    });
  },
  { name: 'secret-paths' },
);
