#!/usr/bin/env node
// `npm start`: installs what is missing, builds what changed, then runs the server in this process
// (so Ctrl-C reaches it directly). Migrations run as the server starts.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkNodeVersion, ensureDependencies } from './lib/deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
checkNodeVersion();
ensureDependencies(root);
const { build } = await import('./build.mjs');
await build();
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.mjs')).href);
