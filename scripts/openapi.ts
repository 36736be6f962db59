// The OpenAPI document, checked. `npm run check:openapi` builds the app on an in-memory PGlite
// (nothing listens), writes its document to .openapi/openapi.json, lints it with Redocly's
// recommended ruleset and fails when the committed SDK types (packages/sdk/src/schema.d.ts) are
// not what the document generates. `npm run generate:sdk` rewrites those types.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite } from '../apps/server/src/db/database';
import { publicDocument } from '../apps/server/src/plugins/openapi';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, '.openapi');
const documentFile = path.join(outDir, 'openapi.json');
const sdkTypes = path.join(root, 'packages/sdk/src/schema.d.ts');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

/**
 * The document exactly as `GET /api/openapi.json` serves it to anyone but a platform operator, for
 * a fixed public URL and version: the SDK is for customers, so the operators' operations (their
 * own document, decision 057) are not in it.
 */
export async function openApiDocument(): Promise<unknown> {
  const database = await openPglite();
  const app = await buildApp({
    // Fixed values, so that the document (and the SDK generated from it) is the same on every machine.
    config: {
      ...loadConfig({
        APP_ENV: 'test',
        PORT: '3000',
        PUBLIC_URL: 'http://localhost:3000',
        LOG_LEVEL: 'silent',
        DATA_DIR: '/nonexistent',
        WORKERS: 'off',
        CATALOG_SYNC_CRON: 'off',
      }),
      version: '1.0.0',
    },
    database,
    logger: false,
    webDistDir: '/nonexistent-web-dist',
  });
  try {
    await app.ready();
    return publicDocument(app.swagger() as Parameters<typeof publicDocument>[0]);
  } finally {
    await app.close();
    await database.close();
  }
}

function run(cmd: string, args: string[]): number {
  return (
    spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off' } }).status ?? 1
  );
}

async function writeDocument(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(documentFile, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
}

function generateTypes(to: string): number {
  return run(bin('openapi-typescript'), [documentFile, '--output', to, '--alphabetize']);
}

const command = process.argv[2];
if (command === 'document') {
  await writeDocument();
  console.log(`Wrote ${path.relative(root, documentFile)}`);
} else if (command === 'generate-sdk') {
  await writeDocument();
  process.exit(generateTypes(sdkTypes));
} else if (command === 'check') {
  await writeDocument();
  if (run(bin('redocly'), ['lint', '--config', path.join(root, 'redocly.yaml'), documentFile]) !== 0) {
    console.error('The OpenAPI document does not pass `redocly lint` (see above).');
    process.exit(1);
  }
  const fresh = path.join(outDir, 'schema.d.ts');
  if (generateTypes(fresh) !== 0) process.exit(1);
  if (readFileSync(fresh, 'utf8') !== readFileSync(sdkTypes, 'utf8')) {
    console.error(
      'packages/sdk/src/schema.d.ts is out of date with the OpenAPI document: run `npm run generate:sdk` and commit it.',
    );
    process.exit(1);
  }
  console.log('The SDK types match the OpenAPI document.');
} else {
  console.error('usage: tsx scripts/openapi.ts document | generate-sdk | check');
  process.exit(2);
}
