/** See postgres.mjs: a PostgreSQL for tests and benchmarks, and how to stop what was started. */
export function providePostgres(): Promise<{ url: string; source: string; stop: () => Promise<void> }>;
