#!/usr/bin/env node
// `npm run bench:web`: what the public site costs a visitor. Builds, starts the real server, then
//   1. counts the JavaScript and CSS that `/` loads (raw, gzip, and bytes on the wire), against
//      the same app built the usual way: one client-rendered bundle, no prerendering;
//   2. publishes a blog post and a landing page through the API as the instance's operator (the
//      first verified account), then counts the JavaScript each public page loads and runs
//      Lighthouse 13 (mobile, simulated throttling) on /, /pricing, /blog, an article, the
//      published post and the published /lp/{slug}, and on the usual build's / as the baseline;
//   3. loads /dashboard signed in: when the session refresh, the balance and the dashboard's own
//      requests start and end (a waterfall or not), and Lighthouse on it.
// Writes .test-output/bench-web.json and exits non-zero when a public page loads 120 KB gzip of
// JS or more. `--runs=N` runs Lighthouse N times on each page (default 1) and reports the median
// of each figure with the load average; `--public-only` skips the baseline and the dashboard.
// `--pages=/blog,/lp` measures only the public pages whose paths start so.
// `npm run bench:web -- --dashboard-only [--runs=N]` does only step 3, with N Lighthouse runs
// (default 3, the median reported): a minute or two, for comparing two commits on a busy machine.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = path.join(root, 'apps/web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const BUDGET_JS_GZIP = 120 * 1024;
const DASHBOARD_ONLY = process.argv.includes('--dashboard-only');
const PUBLIC_ONLY = process.argv.includes('--public-only');
/** `--pages=/blog,/lp` measures only the public pages whose path starts with one of these. */
const ONLY = process.argv
  .find((a) => a.startsWith('--pages='))
  ?.slice('--pages='.length)
  .split(',')
  .filter(Boolean);
const RUNS = Number(
  process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? (DASHBOARD_ONLY ? 3 : 1),
);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) throw new Error('--runs must be a whole number from 1 to 9');
/** Public pages from the build; the published post and landing page are added once they exist. */
const STATIC_PAGES = [
  '/',
  '/pricing',
  '/solutions',
  '/blog',
  '/blog/employee-incentive-gift-cards',
  '/privacy',
  '/terms',
  // Within the budget since decision 053 (a deferred part; a form without a form library).
  '/docs',
  '/contact',
];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The same app built the usual way: one bundle with every route in it, rendered in the browser. */
async function buildBaseline(outDir) {
  const { build } = await import('vite');
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'error',
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
}

/** Serves a client-rendered build: files as they are (gzip-compressed), every page as index.html, /api to the real server. */
function serveBaseline(dir, apiPort) {
  const types = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname.startsWith('/api/')) {
      const upstream = http.request(
        { port: apiPort, path: req.url, method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode, up.headers);
          up.pipe(res);
        },
      );
      req.pipe(upstream);
      return;
    }
    let file = path.join(dir, url.pathname);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    const body = readFileSync(file);
    const ext = path.extname(file);
    const headers = { 'content-type': types[ext] ?? 'application/octet-stream' };
    if (ext !== '.html') headers['cache-control'] = 'public, max-age=31536000';
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip' });
    res.end(gzipSync(body));
  });
  return new Promise((resolve) => server.listen(0, () => resolve(server)));
}

/** JS and CSS that a first visit to `url` downloads, raw and gzip, plus what crossed the wire. */
async function measureAssets(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen = new Map();
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet' && type !== 'document') return;
    try {
      const body = await res.body();
      const sizes = await res.request().sizes();
      seen.set(res.url(), {
        type,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        wire: sizes.responseBodySize,
      });
      // Styles inlined in the page count as CSS too.
      const css =
        type === 'document' ? [...body.toString().matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]) : [];
      if (css.length) {
        const bytes = Buffer.from(css.join(''));
        seen.set(`${res.url()}#inline-css`, {
          type: 'stylesheet',
          raw: bytes.length,
          gzip: gzipSync(bytes, { level: 9 }).length,
          wire: 0,
        });
      }
    } catch {}
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  const sum = (type, key) => [...seen.values()].filter((a) => a.type === type).reduce((n, a) => n + a[key], 0);
  return {
    files: [...seen.keys()].map((u) => new URL(u).pathname + new URL(u).hash),
    html: { raw: sum('document', 'raw'), gzip: sum('document', 'gzip'), wire: sum('document', 'wire') },
    js: { raw: sum('script', 'raw'), gzip: sum('script', 'gzip'), wire: sum('script', 'wire') },
    css: { raw: sum('stylesheet', 'raw'), gzip: sum('stylesheet', 'gzip'), wire: sum('stylesheet', 'wire') },
  };
}

/** Lighthouse once more when Chrome itself fails to load the page (it happens on a busy machine). */
async function runLighthouse(url, newSession) {
  const first = await lighthouseOnce(url, newSession && (await newSession()));
  return first.error ? lighthouseOnce(url, newSession && (await newSession())) : first;
}

const PASSWORD = 'violet-Harbour-42';
const postJson = (origin, path, body, headers = {}, method = 'POST') =>
  fetch(`${origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/**
 * A verified account, signed up through the API and verified by the link its email carries. On
 * the bench's fresh instance the first one is the platform operator (decision 041).
 */
async function verifiedAccount(origin) {
  const email = `bench-${Date.now()}@example.com`;
  const signUp = await postJson(origin, '/api/v1/auth/signup', { email, password: PASSWORD });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  let token;
  for (let i = 0; i < 100 && !token; i++) {
    const { messages } = await (await fetch(`${origin}/api/mailbox?to=${encodeURIComponent(email)}`)).json();
    token = messages.map((m) => /\/verify\/([A-Za-z0-9_-]+)/.exec(m.text)?.[1]).find(Boolean);
    if (!token) await new Promise((r) => setTimeout(r, 200));
  }
  if (!token) throw new Error('no verification email arrived');
  const verify = await postJson(
    origin,
    '/api/v1/auth/verify',
    { token, password: PASSWORD },
    { 'x-session-cookie': '1' },
  );
  if (!verify.ok) throw new Error(`verification failed: ${verify.status} ${await verify.text()}`);
  return email;
}

/** Signs `email` in the way the browser does: a session, with the refresh cookie set. */
async function passwordSignIn(origin, email) {
  const res = await postJson(
    origin,
    '/api/v1/auth/token?grant_type=password',
    { email, password: PASSWORD },
    { 'x-session-cookie': '1' },
  );
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * A verified account signed in through the API the way the browser signs in. Answers a function
 * that gives a new session's refresh cookie each time it is called: a refresh token works once,
 * so every browser gets a session of its own.
 */
async function signedInSession(origin, email) {
  const account = email ?? (await verifiedAccount(origin));
  return async () => refreshCookie(await passwordSignIn(origin, account));
}

/**
 * As the operator, publishes what the studio would: a blog post from a generated draft's first
 * variant (decision 050) and a landing page from generated copy (decision 051). Answers their paths.
 */
async function publishThroughApi(origin, email) {
  const { access_token: token } = await (await passwordSignIn(origin, email)).json();
  const auth = { authorization: `Bearer ${token}` };
  const call = async (path, body, method) => {
    const res = await postJson(origin, path, body, auth, method);
    if (!res.ok) throw new Error(`${method ?? 'POST'} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  // The generator streams server-sent events: the variants as `delta`s, then `done` {draft_id}.
  const stream = await (
    await call('/api/v1/operator/blog/generate', {
      primary_keyword: 'employee recognition gift cards',
      supporting_keywords: 'spot awards, peer recognition',
      target_audience: 'HR managers, finance managers',
      tone_style: 'consultative',
      cta_focus: 'demo',
      seed: 7,
    })
  ).text();
  const events = stream
    .split('\n\n')
    .map((block) => ({ event: /^event: (\w+)$/m.exec(block)?.[1], data: /^data: (.*)$/m.exec(block)?.[1] }))
    .filter((e) => e.event && e.data)
    .map((e) => ({ event: e.event, ...JSON.parse(e.data) }));
  const done = events.find((e) => e.event === 'done');
  if (!done) throw new Error(`the blog generator did not finish: ${stream.slice(-300)}`);
  const text = events.map((e) => (e.event === 'delta' ? e.text : '')).join('');
  const variantA = /^##\s*VARIANT\s+A\b.*$([\s\S]*?)(?=^##\s*VARIANT\s+[BC]\b|(?![\s\S]))/im.exec(text)?.[1]?.trim();
  if (!variantA) throw new Error('the generated draft has no variant A');
  const slug = `bench-post-${Date.now().toString(36)}`;
  await call('/api/v1/operator/blog-posts', {
    title: /^#\s+(.+)$/m.exec(variantA)?.[1]?.trim() ?? 'Employee recognition gift cards',
    slug,
    excerpt: 'How spot awards and peer recognition with gift cards keep good people, and what they cost.',
    category: 'Recognition',
    body_markdown: variantA,
    draft_id: done.draft_id,
  });

  const keyword = `Team Rewards ${Date.now().toString(36)}`;
  const brief = { primary_keyword: keyword, audience_segment: 'hr_leaders', offer_type: 'free_account' };
  const { copy } = await (await call('/api/v1/operator/landing-pages/generate', { ...brief, seed: 3 })).json();
  const lpSlug = keyword.toLowerCase().replace(/\s+/g, '-');
  await call(
    `/api/v1/operator/landing-pages/${lpSlug}`,
    { ...brief, hero_visual: 'card_stack', utm_campaign: 'bench', copy },
    'PUT',
  );
  return [`/blog/${slug}`, `/lp/${lpSlug}`];
}

function refreshCookie(res) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('gr_refresh='));
  if (!cookie) throw new Error('the answer set no refresh cookie');
  return { name: 'gr_refresh', value: cookie.slice('gr_refresh='.length).split(';')[0], path: '/api/v1/auth' };
}

/** Puts the session into a browser context: the refresh cookie, and the hint that there is one. */
async function signIn(context, origin, session) {
  await context.addCookies([{ ...session, domain: new URL(origin).hostname, httpOnly: true }]);
  await context.addInitScript(() => localStorage.setItem('giftrelay-session', '1'));
}

/**
 * When each API request of a fresh signed-in load of `path` starts and ends, in ms after
 * navigation: the session refresh, the balance and the page's own data. In a waterfall each
 * waits for the last. The last end is when the page has all its data.
 */
async function measureAppRequests(browser, origin, session, path) {
  const context = await browser.newContext();
  await signIn(context, origin, session);
  const page = await context.newPage();
  const requests = new Map();
  let t0 = 0;
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) requests.set(req, { path: url.pathname + url.search, at: Date.now() - t0 });
  });
  page.on('requestfinished', (req) => {
    const entry = requests.get(req);
    if (entry) entry.end = Date.now() - t0;
  });
  t0 = Date.now();
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  await context.close();
  return [...requests.values()];
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Lighthouse `runs` times on `url`, each run with the load average after it (Lighthouse's
 * simulated throttling still moves with the machine's load). The median of each score and
 * timing; the texts (FCP, LCP, CLS) of the run whose performance is the median.
 */
async function lighthouseRuns(url, runs, newSession) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push({ ...(await runLighthouse(url, newSession)), loadavg: loadavg() });
  const ok = all.filter((r) => !r.error);
  if (!ok.length) return { runs: all, median: null };
  const of = (key) => median(ok.map((r) => r[key]));
  const typical = ok.find((r) => r.performance === of('performance')) ?? ok[0];
  return {
    runs: all,
    median: {
      ...typical,
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      seo: of('seo'),
      lcpMs: of('lcpMs'),
      tbtMs: of('tbtMs'),
    },
  };
}

async function lighthouseOnce(url, session) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    if (session) {
      // Sign the browser in over CDP, then keep its storage: Lighthouse clears it by default.
      const { chromium } = await import('@playwright/test');
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = cdp.contexts()[0];
      const origin = new URL(url).origin;
      await context.addCookies([{ ...session, domain: new URL(origin).hostname, httpOnly: true }]);
      const page = await context.newPage();
      await page.goto(`${origin}/favicon.svg`);
      await page.evaluate(() => localStorage.setItem('giftrelay-session', '1'));
      await page.close();
      await cdp.close();
    }
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: Boolean(session),
    });
    if (lhr.runtimeError) return { error: lhr.runtimeError.code };
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.displayValue ?? '';
    const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? 0);
    return {
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    await chrome.kill();
  }
}

/** Fresh signed-in loads of /dashboard after one that warms the server; prints the median's requests. */
async function dashboardLoad(browser, newSession, runs) {
  await measureAppRequests(browser, origin, await newSession(), '/dashboard');
  const loads = [];
  for (let i = 0; i < runs; i++)
    loads.push(await measureAppRequests(browser, origin, await newSession(), '/dashboard'));
  const allData = (load) => Math.max(...load.map((r) => r.end ?? r.at));
  const typical = loads.find((load) => allData(load) === median(loads.map(allData)));
  console.log(
    `\nA fresh signed-in load of /dashboard: each API request's start → end, ms after navigation (median of ${runs})`,
  );
  for (const r of typical)
    console.log(`  ${String(r.at).padStart(6)} → ${String(r.end ?? '?').padStart(6)} ms  ${r.path}`);
  if (runs > 1) console.log(`  all data in after: ${loads.map(allData).join(', ')} ms`);
  return typical;
}

/** Only the signed-in /dashboard: the request timeline and RUNS Lighthouse runs, medians reported. */
async function benchDashboard() {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROME_FLAGS.filter((f) => f !== '--headless'),
  });
  const newSession = await signedInSession(origin);
  const requests = await dashboardLoad(browser, newSession, RUNS);
  await browser.close();
  console.log(`\nLighthouse 13, mobile, /dashboard signed in, ${RUNS} runs…`);
  const { runs, median: summary } = await lighthouseRuns(`${origin}/dashboard`, RUNS, newSession);
  for (const r of runs) {
    console.log(
      r.error
        ? `  could not load the page: ${r.error}`
        : `  perf ${r.performance}  FCP ${r.fcp}  LCP ${r.lcp}  TBT ${r.tbt}  CLS ${r.cls}`,
    );
  }
  if (summary) console.log(`  median: perf ${summary.performance}, LCP ${summary.lcpMs} ms, TBT ${summary.tbtMs} ms`);
  const [load1, load5, load15] = loadavg();
  console.log(`  load average: ${load1.toFixed(2)} ${load5.toFixed(2)} ${load15.toFixed(2)}`);
  mkdirSync(path.join(root, '.test-output'), { recursive: true });
  writeFileSync(
    path.join(root, '.test-output/bench-web-dashboard.json'),
    `${JSON.stringify({ requests, lighthouse: runs, summary, loadavg: [load1, load5, load15] }, null, 2)}\n`,
  );
}

const { ensureDependencies } = await import('../lib/deps.mjs');
ensureDependencies(root);
const { build } = await import('../build.mjs');
await build();

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'gr-bench-web-'));
const baselineDir = mkdtempSync(path.join(tmpdir(), 'gr-bench-web-baseline-'));
const origin = `http://localhost:${port}`;
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.mjs')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_ENV: 'development',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: origin,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let baselineServer;
try {
  await waitFor(`${origin}/api/health`);
  if (DASHBOARD_ONLY) await benchDashboard();
  else {
    let baselineOrigin;
    if (!PUBLIC_ONLY) {
      console.log('Building the baseline (one client-rendered bundle)…');
      await buildBaseline(baselineDir);
      baselineServer = await serveBaseline(baselineDir, port);
      baselineOrigin = `http://localhost:${baselineServer.address().port}`;
    }

    // The first verified account of this fresh instance is its operator: it publishes the post
    // and the landing page, and is the signed-in user of /dashboard.
    const operator = await verifiedAccount(origin);
    const pages = [...STATIC_PAGES, ...(await publishThroughApi(origin, operator))].filter(
      (p) => !ONLY || ONLY.some((prefix) => p.startsWith(prefix)),
    );
    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROME_FLAGS.filter((f) => f !== '--headless'),
    });
    const pageAssets = {};
    for (const p of pages) pageAssets[p] = await measureAssets(browser, `${origin}${p}`);
    const assets = pageAssets['/'] ?? Object.values(pageAssets)[0];
    const baselineAssets = baselineOrigin ? await measureAssets(browser, `${baselineOrigin}/`) : null;
    const newSession = await signedInSession(origin, operator);
    const dashboardRequests = PUBLIC_ONLY ? null : await dashboardLoad(browser, newSession, 1);
    await browser.close();

    console.log('\nJavaScript and CSS loaded by / (CSS inline in the page counts as CSS; wire = bytes transferred)');
    console.log('                         JS raw    JS gzip   JS wire   CSS raw   CSS gzip  HTML raw  HTML gzip');
    for (const [name, a] of [
      ['GiftRelay', assets],
      ['Baseline (usual build)', baselineAssets],
    ]) {
      if (!a) continue;
      console.log(
        `${name.padEnd(24)} ${[a.js.raw, a.js.gzip, a.js.wire, a.css.raw, a.css.gzip, a.html.raw, a.html.gzip].map((n) => kb(n).padStart(9)).join(' ')}`,
      );
    }
    if (pageAssets['/']) console.log(`Files for /: ${assets.files.join(', ')}`);

    console.log(`\nLighthouse 13, mobile, ${RUNS} run${RUNS > 1 ? 's' : ''} a page (this takes a few minutes)…`);
    const lighthouse = {};
    for (const p of pages) lighthouse[p] = await lighthouseRuns(`${origin}${p}`, RUNS);
    if (baselineOrigin) lighthouse['baseline /'] = await lighthouseRuns(`${baselineOrigin}/`, RUNS);
    if (!PUBLIC_ONLY)
      lighthouse['/dashboard (signed in)'] = await lighthouseRuns(`${origin}/dashboard`, RUNS, newSession);
    console.log(
      `\n${RUNS > 1 ? `Medians of ${RUNS} runs; ` : ''}JS = gzip JavaScript the page loads; load = 1-minute load average after each run`,
    );
    console.log('Page                                 Perf  A11y  BP   SEO    TBT ms   LCP     CLS     JS gzip  load');
    for (const [p, r] of Object.entries(lighthouse)) {
      const js = pageAssets[p]?.js.gzip ?? (p === 'baseline /' ? baselineAssets?.js.gzip : undefined);
      const load = r.runs.map((run) => run.loadavg[0].toFixed(2)).join('/');
      if (!r.median) {
        console.log(`${p.padEnd(36)} Lighthouse could not load the page: ${r.runs.map((run) => run.error).join(', ')}`);
        continue;
      }
      const m = r.median;
      console.log(
        `${p.slice(0, 36).padEnd(36)} ${String(m.performance).padStart(4)} ${String(m.accessibility).padStart(5)} ${String(m.bestPractices).padStart(4)} ${String(m.seo).padStart(5)} ${String(m.tbtMs).padStart(8)}   ${m.lcp.padEnd(7)} ${m.cls.padEnd(7)} ${(js === undefined ? '' : kb(js)).padStart(9)}  ${load}`,
      );
    }

    const overBudget = Object.entries(pageAssets).filter(([, a]) => a.js.gzip >= BUDGET_JS_GZIP);
    mkdirSync(path.join(root, '.test-output'), { recursive: true });
    writeFileSync(
      path.join(root, '.test-output/bench-web.json'),
      `${JSON.stringify(
        {
          assets,
          pageAssets,
          baselineAssets,
          lighthouse,
          dashboardRequests,
          budgetJsGzip: BUDGET_JS_GZIP,
          overBudget: overBudget.map(([p]) => p),
          runs: RUNS,
        },
        null,
        2,
      )}\n`,
    );
    console.log(
      `\nJavaScript (gzip) per public page, budget ${kb(BUDGET_JS_GZIP)}: ${Object.entries(pageAssets)
        .map(([p, a]) => `${p} ${kb(a.js.gzip)}`)
        .join(', ')}`,
    );
    console.log(
      overBudget.length
        ? `OVER the budget: ${overBudget.map(([p]) => p).join(', ')}`
        : 'Every public page is within the budget.',
    );
    process.exitCode = overBudget.length ? 1 : 0;
  }
} finally {
  baselineServer?.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(baselineDir, { recursive: true, force: true });
}
