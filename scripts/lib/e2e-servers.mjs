// The two servers the browser tests run against (decision 091): one definition for
// playwright.config.ts (its webServer entries) and for `npm test`, which starts them as soon as the
// build is done, beside Vitest, so their starts (a fresh PGlite folder migrated and the catalogue
// synced, twice) are not on the browser phase's clock. Playwright then finds them up
// (E2E_SERVERS_STARTED=1 → reuseExistingServer) or, if one is not, starts its own as it always did.
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The main server (E2E_PORT, a fresh PGlite folder) and the live one (scripts/e2e-live.ts). */
export function e2eServers({ port, livePort, dataDir }) {
  return [
    {
      name: 'main',
      command: 'node apps/server/dist/main.mjs',
      url: `http://localhost:${port}/api/health`,
      // Every test signs up from 127.0.0.1: the per-address rate limits would stop the suite.
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_ENV: 'test',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://localhost:${port}`,
        RATE_LIMIT_FACTOR: '100',
        // Every test signs up and in: argon2id at its cheapest (test only; decision 019).
        PASSWORD_HASHING: 'fast-test-only',
        // The webhooks journey's receiver listens on this machine's loopback interface.
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        // The operators journey's account (decisions 041, 056). With OPERATOR_EMAILS set, the first
        // verified account is no operator: specs that need one use this address.
        OPERATOR_EMAILS: 'operator-e2e@example.com',
      },
    },
    {
      name: 'live',
      command: 'npx tsx scripts/e2e-live.ts',
      url: `http://localhost:${livePort}/api/health`,
      env: { E2E_LIVE_PORT: String(livePort) },
    },
  ];
}

/** The ports and data folder playwright.config.ts uses, from the same environment variables. */
export function e2eSettings(root, env = process.env) {
  return {
    port: Number(env.E2E_PORT ?? 3197),
    livePort: Number(env.E2E_LIVE_PORT ?? 3198),
    dataDir: env.E2E_DATA_DIR ?? path.resolve(root, '.test-output/e2e-data'),
  };
}

const healthy = (url) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (res) => res.ok,
    () => false,
  );

/**
 * Starts both servers in the background. `ready(ms)` resolves true once both answer their health
 * URL, false if one exits or the time is up (then Playwright starts its own); `stop()` ends them
 * (each in its own process group: the live one is npx → tsx → the app). `output()` is what they
 * printed to stderr, for a failure.
 */
export function startE2eServers(root, settings) {
  let output = '';
  const children = e2eServers(settings).map((server) => {
    const child = spawn(server.command, {
      cwd: root,
      shell: true,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...server.env },
    });
    child.stderr.on('data', (d) => {
      output += `[${server.name}] ${d}`;
    });
    const exited = new Promise((resolve) => child.on('exit', () => resolve(true)));
    return { server, child, exited };
  });
  return {
    output: () => output,
    async ready(ms) {
      const deadline = Date.now() + ms;
      for (const { server, exited } of children) {
        let exitedEarly = false;
        void exited.then(() => {
          exitedEarly = true;
        });
        while (!(await healthy(server.url))) {
          if (exitedEarly || Date.now() > deadline) return false;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
      return true;
    },
    /** At once, without waiting (for process.on('exit')). */
    kill() {
      for (const { child } of children) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }
    },
    async stop() {
      await Promise.all(
        children.map(async ({ child, exited }) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            return;
          }
          const timer = setTimeout(() => {
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {}
          }, 10_000);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}
