// Security check 04 (issue 29): no claim link's token, nor a verification link's, in the server's
// request logs. Run after `npm run build`:
//
//   npx tsx scripts/security/04-claim-token-logs.ts
//
// It starts the built server (apps/server/dist/main.mjs) on a free port with a data folder of its
// own and JSON logs at info (every request is one line there), signs up over HTTP (the link from
// the built-in mailbox, which answers this machine), sends a sandbox reward to itself, opens the
// claim page and the claim API, stops the server and looks for either token in what it wrote.
// PASS, or FAIL with exit code 1. The server is always stopped and the folder removed.
// Dependency-free: Node's own modules only.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const entry = path.join(root, 'apps/server/dist/main.mjs');

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address !== 'object') throw new Error('no free port');
  return address.port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

async function main(): Promise<boolean> {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gr-sec04-'));
  let output = '';
  let server: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, [entry], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Only what the server needs: a DATABASE_URL or SMTP_URL from the caller's shell must not
      // point this run at a real database or mail server.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dataDir,
        APP_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      },
    });
    server.stdout?.on('data', (chunk) => {
      output += chunk.toString();
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk.toString();
    });
    const exited = once(server, 'exit');

    const call = async (method: string, url: string, body?: unknown, token?: string) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      });
      const text = await res.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text);
      } catch {}
      return { status: res.status, text, json };
    };
    const expectStatus = (what: string, got: { status: number; text: string }, status: number) => {
      if (got.status !== status) throw new Error(`${what}: ${got.status} ${got.text.slice(0, 300)}`);
    };
    /** The token of the first `/<page>/<token>` link in the newest email to `to` that has one. */
    const mailedToken = (to: string, page: string) =>
      until(`an email to ${to} with a /${page}/ link`, async () => {
        const res = await call('GET', `/api/mailbox?to=${encodeURIComponent(to)}`);
        const messages = (res.json.messages ?? []) as { text: string }[];
        for (const message of messages) {
          const match = message.text.match(new RegExp(`/${page}/([A-Za-z0-9_-]+)`));
          if (match?.[1]) return match[1];
        }
        return undefined;
      });

    await Promise.race([
      // A cold start (PGlite's first open, the migrations) can take a minute on a busy machine.
      until(
        'the server to answer',
        async () => ((await call('GET', '/api/health')).status === 200 ? true : undefined),
        180_000,
      ),
      exited.then(() => {
        throw new Error(`the server exited:\n${output}`);
      }),
    ]);

    const email = `sec04-${Date.now()}@example.com`;
    const password = 'violet-Harbour-42-sec04';
    expectStatus('sign-up', await call('POST', '/api/v1/auth/signup', { email, password }), 200);
    const verifyToken = await mailedToken(email, 'verify');
    expectStatus('the verification page', await call('GET', `/verify/${verifyToken}`), 200);
    expectStatus('verification', await call('POST', '/api/v1/auth/verify', { token: verifyToken, password }), 200);
    const session = await call('POST', '/api/v1/auth/token?grant_type=password', { email, password });
    expectStatus('sign-in', session, 200);
    const accessToken = String(session.json.access_token);

    const products = await call('GET', '/api/v1/products?country=US&currency=USD&limit=100');
    expectStatus('the catalogue', products, 200);
    const list = products.json.products as {
      code: string;
      minValue: number;
      maxValue: number;
      denominations: number[] | null;
    }[];
    const product = list.find((p) => !p.denominations?.length) ?? list[0];
    if (!product) throw new Error('the catalogue is empty');
    const amount = product.denominations?.[0] ?? Math.min(Math.max(25, product.minValue), product.maxValue);
    const order = await call(
      'POST',
      '/api/v1/orders',
      { product_code: product.code, amount, email, quantity: 1 },
      accessToken,
    );
    expectStatus('the sandbox order', order, 201);
    const claimToken = await mailedToken(email, 'claim');

    expectStatus('the claim page', await call('GET', `/claim/${claimToken}`), 200);
    expectStatus('the claim API', await call('GET', `/api/v1/claims/${claimToken}`), 200);
    // The same link mistyped: a path no route answers.
    await call('GET', `/claim/${claimToken}/`);
    await call('GET', `/api/v1/claims/${claimToken}/x`);

    server.kill('SIGTERM');
    await exited;
    server = undefined;

    const findings: string[] = [];
    if (!output.includes('/api/v1/claims/[redacted]')) {
      findings.push('the log has no request line for the claim API: were requests logged at all?');
    }
    for (const [name, secret] of [
      ['claim token', claimToken],
      ['verification token', verifyToken],
    ] as const) {
      const lines = output.split('\n').filter((line) => line.includes(secret));
      if (lines.length) findings.push(`the ${name} is in ${lines.length} log line(s), first:\n  ${lines[0]}`);
    }
    const requestLines = output.split('\n').filter((line) => line.includes('"req":')).length;
    if (findings.length) {
      console.log(`FAIL: ${findings.join('\n')}`);
      return false;
    }
    console.log(`PASS: ${requestLines} request lines logged; neither the claim nor the verification token is in them`);
    return true;
  } catch (err) {
    // What the server said last, to tell a broken start from a failed step.
    const tail = output.trim().split('\n').slice(-15).join('\n');
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n--- the server's last lines ---\n${tail}`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (passed) => process.exit(passed ? 0 : 1),
  (err: unknown) => {
    console.log(`FAIL: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
