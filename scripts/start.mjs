#!/usr/bin/env node
// `npm start`: installs what is missing, builds what changed, then runs the server in this process
// (so Ctrl-C reaches it directly). Migrations run as the server starts.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkNodeVersion, ensureDependencies } from './lib/deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
checkNodeVersion();
ensureDependencies(root);
const started = Date.now();
const since = () => `[${((Date.now() - started) / 1000).toFixed(1).padStart(4)} s]`;
console.log(`  ${since()} Checking whether the build is up to date…`);
const { build } = await import('./build.mjs');
const rebuilt = await build();
console.log(`  ${since()} ${rebuilt ? 'Built' : 'Nothing changed since the last build'}; starting the server…`);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.mjs')).href);
