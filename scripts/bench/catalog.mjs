#!/usr/bin/env node
// `npm run bench:catalog`: typical filtered catalogue listings on a 10,000-product catalogue,
// 50 connections, against (1) a bare Fastify route answering the same payloads from memory,
// the ceiling, and (2) the real API on PostgreSQL, measured in the same run; then (3) the real
// API on PGlite. Aim: the API on PostgreSQL at 50% of the ceiling or more, p99 under 20 ms.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { providePostgres } from '../lib/postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const serverScript = path.join(root, 'scripts/bench/catalog-server.ts');
const SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 10_000);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;

const children = new Set();

function startServer(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [serverScript, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    children.add(child);
    child.once('exit', (code) => {
      children.delete(child);
      reject(new Error(`bench server ${args[0]} exited (${code}) before listening`));
    });
    createInterface({ input: child.stdout }).once('line', (line) => {
      const { port } = JSON.parse(line);
      resolve({ port, stop: () => stopChild(child) });
    });
  });
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Listings a person or an integration makes: the page's three filters, then value ranges and searches. */
function typicalQueries() {
  const bases = [
    'country=US&currency=USD&category=Retail',
    'country=US&currency=USD&category=Food+%26+Beverage',
    'country=US&currency=USD&category=Entertainment',
    'country=UK&currency=GBP&category=Retail',
    'country=UK&currency=GBP&category=Food+%26+Beverage',
    'country=CA&currency=CAD&category=Entertainment',
    'country=CA&currency=CAD&category=Retail',
    'country=DE&currency=EUR&category=Gaming',
    'country=JP&currency=JPY&category=Entertainment',
    'country=BR&currency=BRL&category=Retail',
    'country=IN&currency=INR&category=Entertainment',
    'country=MX&currency=MXN&category=Travel',
  ];
  const refinements = ['', '&minValue=50', '&minValue=100&maxValue=500', '&q=gift', '&q=am'];
  return bases.flatMap((base, i) => [`/api/v1/products?${base}`, `/api/v1/products?${base}${refinements[i % 5]}`]);
}

async function measure(port, paths, seconds) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  if (result.errors || result.non2xx) {
    throw new Error(`${result.errors} errors and ${result.non2xx} non-2xx answers during the run`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.average / Math.max(result.requests.average, 1)),
  };
}

async function fetchPayloads(port, paths) {
  const payloads = {};
  let products = 0;
  for (const p of paths) {
    const res = await fetch(`http://127.0.0.1:${port}${p}`);
    if (!res.ok) throw new Error(`${p} answered ${res.status}`);
    payloads[p] = await res.json();
    products += payloads[p].products.length;
  }
  return { payloads, averageProducts: products / paths.length };
}

const row = (name, r, ceiling) =>
  `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms${ceiling ? `   ${((100 * r.rps) / ceiling.rps).toFixed(0)}% of ceiling` : ''}`;

async function main() {
  const postgres = await providePostgres();
  const dbName = `gr_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(postgres.url);
  dbUrl.pathname = `/${dbName}`;
  const work = mkdtempSync(path.join(tmpdir(), 'gr-bench-'));
  const stops = [];
  try {
    console.log(
      `Catalogue of ${SIZE} products; ${CONNECTIONS} connections; ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up.`,
    );
    console.log(`PostgreSQL: ${postgres.source}. Starting the API (migrations and the first sync)…`);
    const api = await startServer(['app', dbUrl.toString(), String(SIZE), '30']);
    stops.push(api.stop);
    const uncached = await startServer(['app', dbUrl.toString(), String(SIZE), '0']);
    stops.push(uncached.stop);
    const paths = typicalQueries();
    const { payloads, averageProducts } = await fetchPayloads(api.port, paths);
    const payloadFile = path.join(work, 'payloads.json');
    writeFileSync(payloadFile, JSON.stringify(payloads));
    const bare = await startServer(['bare', payloadFile]);
    stops.push(bare.stop);
    console.log(`${paths.length} listings, ${averageProducts.toFixed(1)} products per answer on average.\n`);

    const servers = { bare, api, uncached };
    for (const server of Object.values(servers)) await measure(server.port, paths, WARMUP_SECONDS);
    // Alternated twice, so a neighbour's burst of CPU does not land on one side only.
    const runs = { bare: [], api: [], uncached: [] };
    for (let i = 0; i < 2; i++) {
      for (const [name, server] of Object.entries(servers)) runs[name].push(await measure(server.port, paths, SECONDS));
    }
    const mean = (list) => ({
      rps: list.reduce((s, r) => s + r.rps, 0) / list.length,
      p50: Math.max(...list.map((r) => r.p50)),
      p99: Math.max(...list.map((r) => r.p99)),
      bytes: list[0].bytes,
    });
    const ceiling = mean(runs.bare);
    const onPostgres = mean(runs.api);
    const onPostgresUncached = mean(runs.uncached);
    for (const server of Object.values(servers)) await server.stop();

    console.log('Starting the API on PGlite…');
    const liteDir = path.join(work, 'pglite-data');
    const lite = await startServer(['app', `pglite:${liteDir}`, String(SIZE), '30']);
    stops.push(lite.stop);
    await measure(lite.port, paths, WARMUP_SECONDS);
    const onPglite = await measure(lite.port, paths, SECONDS);
    await lite.stop();
    // PGlite is one process's database: the uncached run reopens the folder once the first has closed it.
    const liteUncached = await startServer(['app', `pglite:${liteDir}`, String(SIZE), '0']);
    stops.push(liteUncached.stop);
    await measure(liteUncached.port, paths, WARMUP_SECONDS);
    const onPgliteUncached = await measure(liteUncached.port, paths, SECONDS);
    await liteUncached.stop();

    console.log(`\nAnswers of about ${(ceiling.bytes / 1024).toFixed(1)} KiB.`);
    console.log(row('Bare Fastify, payload from memory', ceiling));
    console.log(row('API on PostgreSQL', onPostgres, ceiling));
    console.log(row('API on PostgreSQL, cache off', onPostgresUncached, ceiling));
    console.log(row('API on PGlite', onPglite, ceiling));
    console.log(row('API on PGlite, cache off', onPgliteUncached, ceiling));
    const share = onPostgres.rps / ceiling.rps;
    const ok = share >= 0.5 && onPostgres.p99 < 20;
    console.log(
      `\nAim (PostgreSQL): at least 50% of the ceiling and p99 under 20 ms: ${ok ? 'met' : 'NOT met'} (${(100 * share).toFixed(0)}%, p99 ${onPostgres.p99} ms).`,
    );
  } finally {
    for (const stop of stops) await stop().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
    await postgres.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

process.on('SIGINT', () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(130);
});

await main();
