// One server for `npm run bench:catalog`, in a process of its own so that it and the load
// generator do not share a CPU's time slices. Prints {"port": N} on stdout once it listens.
//
//   tsx scripts/bench/catalog-server.ts app <DATABASE_URL|pglite:DIR> <catalogue size> <cache seconds>
//   tsx scripts/bench/catalog-server.ts bare <payloads.json>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';

const [mode, target = '', size = '10000', cacheSeconds = '30'] = process.argv.slice(2);

async function startApp() {
  const database = target.startsWith('pglite:')
    ? { DATA_DIR: target.slice('pglite:'.length) }
    : { DATABASE_URL: target };
  const config = loadConfig({
    ...database,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SANDBOX_CATALOG_SIZE: size,
    CATALOG_SYNC_CRON: 'off',
    CATALOG_CACHE_SECONDS: cacheSeconds,
  });
  const app = await buildApp({ config, webDistDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** The ceiling: a bare Fastify route answering each URL with its payload, from memory. */
async function startBare() {
  const payloads = new Map<string, unknown>(Object.entries(JSON.parse(readFileSync(target, 'utf8'))));
  const app = Fastify({ logger: false });
  app.get('/api/v1/products', async (request, reply) => {
    const payload = payloads.get(request.url);
    if (payload === undefined) return reply.status(404).send({ success: false });
    return payload;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const app = mode === 'bare' ? await startBare() : await startApp();
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
