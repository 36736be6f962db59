import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aptInstall, findPostgresBin, isRoot } from './system.mjs';

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function canConnect(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * A PostgreSQL for the integration tests: TEST_DATABASE_URL if given, else one answering on
 * 127.0.0.1:5432, else a throwaway cluster started from Debian's binaries (installed when
 * missing) in a temporary folder. `stop()` removes whatever this started.
 * TEST_PG=throwaway skips the first two, to exercise the last.
 */
export async function providePostgres() {
  const forceThrowaway = process.env.TEST_PG === 'throwaway';
  if (process.env.TEST_DATABASE_URL && !forceThrowaway) {
    return { url: process.env.TEST_DATABASE_URL, source: 'TEST_DATABASE_URL', stop: async () => {} };
  }
  if (!forceThrowaway && (await canConnect(LOCAL_URL))) {
    return { url: LOCAL_URL, source: 'the server on 127.0.0.1:5432', stop: async () => {} };
  }
  return startThrowawayCluster();
}

async function startThrowawayCluster() {
  let bin = findPostgresBin();
  if (!bin) {
    console.log('PostgreSQL is missing: installing Debian’s postgresql package…');
    aptInstall(['postgresql']);
    bin = findPostgresBin();
    if (!bin) throw new Error('postgresql was installed but no initdb was found under /usr/lib/postgresql');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'giftrelay-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: run it as the postgres user Debian's package creates.
  const run = (cmd, args) => {
    const [c, a] = isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    const r = spawnSync(c, a, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=300`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    source: `a throwaway cluster (${bin}) on port ${port}`,
    async stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
