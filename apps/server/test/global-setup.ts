import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../../scripts/lib/server-bundle.mjs';
import { SERVER_BUNDLE_ENV } from './servers';
import { makePgliteTemplate, makePostgresTemplate } from './template-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data folder (test/template-database.ts), or '' for none. */
    pgliteTemplate: string;
    /** A file holding an empty PGlite data folder, as initdb leaves it (test/template-database.ts), or ''. */
    pgliteEmpty: string;
    /** A migrated template database on the test PostgreSQL server, or '' for none. */
    postgresTemplate: string;
  }
}

/**
 * The server bundled as `npm start` runs it, once per run, for the processes the tests start
 * (test/servers.ts): importing the app through tsx's loader took 6.6-8 CPU-seconds a process,
 * the bundle 2-2.8 (decision 087). Its own folder per run, inside apps/server (where it finds its
 * migrations), as other runs may share the working tree.
 */
async function bundleForProcesses(project: TestProject): Promise<() => void> {
  const dir = path.resolve(import.meta.dirname, `../.test-output/bundle-${project.name}-${process.pid}`);
  process.env[SERVER_BUNDLE_ENV] = await bundleServer(dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Once per server project: the migrated template its tests' apps start from, and the server bundle
 * for its processes. For the PostgreSQL project it first checks that a server is reachable, so a
 * missing database fails once, clearly, instead of in every file.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', '');
  project.provide('pgliteEmpty', '');
  project.provide('postgresTemplate', '');
  if (project.name !== 'server-pglite' && project.name !== 'server-postgres') return;
  const removeBundle = await bundleForProcesses(project);
  if (project.name === 'server-pglite') {
    const template = await makePgliteTemplate();
    project.provide('pgliteTemplate', template.file);
    project.provide('pgliteEmpty', template.empty);
    return () => {
      removeBundle();
      return template.remove();
    };
  }
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  process.env.TEST_DATABASE_URL = url;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL tests need a server: TEST_DATABASE_URL=${url} is unreachable (${(err as Error).message}). Run them through \`npm test\`, which starts one.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  const template = await makePostgresTemplate(url);
  project.provide('postgresTemplate', template.name);
  return () => {
    removeBundle();
    return template.drop();
  };
}
