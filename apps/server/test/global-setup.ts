import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { makePgliteTemplate, makePostgresTemplate } from './template-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data folder (test/template-database.ts), or '' for none. */
    pgliteTemplate: string;
    /** A migrated template database on the test PostgreSQL server, or '' for none. */
    postgresTemplate: string;
  }
}

/**
 * Once per server project: the migrated template its tests' apps start from. For the PostgreSQL
 * project it first checks that a server is reachable, so a missing database fails once, clearly,
 * instead of in every file.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', '');
  if (project.name === 'server-pglite') {
    const template = await makePgliteTemplate();
    project.provide('pgliteTemplate', template.file);
    return () => template.remove();
  }
  if (project.name !== 'server-postgres') return;
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
  return () => template.drop();
}
