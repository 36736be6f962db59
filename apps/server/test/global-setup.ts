import pg from 'pg';

/**
 * For the PostgreSQL project: checks that a server is reachable before any test runs, so a
 * missing database fails once, clearly, instead of in every file.
 */
export default async function setup() {
  if (process.env.TEST_DB !== 'postgres') return;
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
}
