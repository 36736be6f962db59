import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB } from '../../test/helpers';

describe(`both engines answer alike (${TEST_DB})`, () => {
  it('int8 and numeric come back as strings, int4 as numbers, timestamps as Date', async () => {
    const handle = await createTestDatabase();
    try {
      const { rows } = await sql<{ big: unknown; n: unknown; count: unknown; small: unknown; at: unknown }>`
        SELECT 9007199254740993::int8 AS big, 1.50::numeric AS n, count(*) AS count, 5::int4 AS small, now() AS at
      `.execute(handle.db);
      expect(rows[0]).toEqual({ big: '9007199254740993', n: '1.50', count: '1', small: 5, at: expect.any(Date) });
    } finally {
      await handle.close();
    }
  });
});
