// Security check 02 (issue 29): with OPERATOR_EMAILS set, the first account to verify its address
// must not become a platform operator (it could record bank transfers: live money).
//
//   npm run build && npx tsx scripts/security/02-operator-bootstrap.ts
//
// Starts its own server (the built apps/server/dist/main.mjs) on a free port with a temporary
// DATA_DIR, APP_ENV=development and OPERATOR_EMAILS=ops@x.test; signs up evil@x.test, verifies it
// through the built-in mailbox (GET /api/mailbox answers this machine only), signs in and asks
// GET /api/v1/operators, which must be refused (404). Prints PASS or FAIL (exit 1); always stops
// the server and removes the folder. No dependencies: fetch and child_process only.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const entry = path.join(root, 'apps/server/dist/main.mjs');
const EVIL = 'evil@x.test';
const PASSWORD = 'violet-Harbour-42-evil';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<boolean> {
  if (!existsSync(entry)) {
    console.error(`FAIL: ${path.relative(root, entry)} is missing: run \`npm run build\` (or npm start once) first`);
    return false;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'giftrelay-security-02-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  let server: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, [entry], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        APP_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        OPERATOR_EMAILS: 'ops@x.test',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d) => {
      output += d;
    });
    server.stderr?.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<void>((resolve) => server?.on('exit', () => resolve()));

    // A fresh data folder is migrated and the catalogue loaded first: up to a minute on a busy machine.
    const deadline = Date.now() + 180_000;
    for (;;) {
      const res = await fetch(`${base}/api/health`).catch(() => undefined);
      if (res) break;
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await sleep(500);
    }

    interface Body {
      access_token?: string;
      messages?: { subject: string; text: string }[];
    }
    const json = async (res: Response) => ({ status: res.status, body: (await res.json().catch(() => ({}))) as Body });
    const post = async (url: string, body: unknown, token?: string) =>
      json(
        await fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        }),
      );

    const signUp = await post('/api/v1/auth/signup', { email: EVIL, password: PASSWORD });
    if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(signUp.body)}`);
    let verifyToken: string | undefined;
    for (let i = 0; i < 60 && !verifyToken; i++) {
      const box = await json(await fetch(`${base}/api/mailbox?to=${encodeURIComponent(EVIL)}`));
      const text = box.body.messages?.find((m) => /verify/i.test(m.subject))?.text ?? '';
      verifyToken = text.match(/https?:\/\/\S+\/verify\/([A-Za-z0-9_-]+)/)?.[1];
      if (!verifyToken) await sleep(500);
    }
    if (!verifyToken) throw new Error('no verification email arrived in the mailbox');
    const verified = await post('/api/v1/auth/verify', { token: verifyToken, password: PASSWORD });
    if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
    const signIn = await post('/api/v1/auth/token?grant_type=password', { email: EVIL, password: PASSWORD });
    const token = signIn.body.access_token;
    if (!token) throw new Error(`sign-in answered ${signIn.status}: ${JSON.stringify(signIn.body)}`);

    const operators = await fetch(`${base}/api/v1/operators`, { headers: { authorization: `Bearer ${token}` } });
    const refused = operators.status === 404;
    console.log(
      refused
        ? `PASS: ${EVIL}, the first verified account, is refused GET /api/v1/operators (404) while OPERATOR_EMAILS is set`
        : `FAIL: ${EVIL}, the first verified account, got ${operators.status} from GET /api/v1/operators although OPERATOR_EMAILS=ops@x.test: it is a platform operator`,
    );
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    return refused;
  } catch (err) {
    console.log(`FAIL: ${(err as Error).message}`);
    return false;
  } finally {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit((await main()) ? 0 : 1);
