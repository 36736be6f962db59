#!/usr/bin/env node
// Builds the web app (Vite) and bundles the server (esbuild) into apps/*/dist, then
// pre-compresses the web assets. Skips all of it when nothing it reads has changed.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fingerprint } from './lib/fingerprint.mjs';
import { bundleServer } from './lib/server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const serverDir = path.join(root, 'apps/server');
const stampFile = path.join(serverDir, 'dist', '.build-hash');
const INPUTS = [
  'apps/web',
  'apps/server/src',
  'apps/server/package.json',
  'packages',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/lib/prerender.mjs',
  'scripts/lib/server-bundle.mjs',
];

export async function build({ force = false } = {}) {
  const hash = fingerprint(root, INPUTS);
  if (
    !force &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === hash &&
    existsSync(path.join(webDir, 'dist/app.html')) &&
    existsSync(path.join(webDir, 'dist/.ssr/prerender.js'))
  ) {
    return false;
  }
  const started = Date.now();
  console.log('Building the web app and the server…');
  const { build: viteBuild } = await import('vite');
  await viteBuild({ root: webDir, configFile: path.join(webDir, 'vite.config.ts'), logLevel: 'warn' });
  const { prerender } = await import('./lib/prerender.mjs');
  const pages = await prerender({ webDir, viteBuild });
  await precompress(path.join(webDir, 'dist'));

  await bundleServer(path.join(serverDir, 'dist'));
  writeFileSync(stampFile, hash);
  console.log(`Built (${pages} pages prerendered) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
// Not .html: the server reads pages into memory to fill in PUBLIC_URL and never serves them as files.
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|map)$/;

/** Writes .br and .gz beside each text asset, so the server never compresses them per request. */
async function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The server-side bundle (dist/.ssr) is imported by the server, never sent.
      if (entry.name !== '.ssr') await precompress(full);
    } else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= 1024) {
      const data = readFileSync(full);
      writeFileSync(`${full}.gz`, await gzip(data, { level: 9 }));
      writeFileSync(`${full}.br`, await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ensureDependencies } = await import('./lib/deps.mjs');
  ensureDependencies(root);
  const built = await build({ force: process.argv.includes('--force') });
  if (!built) console.log('Build is up to date.');
}
