import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { createSql } from '../db/postgres.ts';
import { platformSigner } from './ob3.ts';
import { loadPlatformSigner, storedSigningSeed } from './signing-key.ts';

let db: TestDatabase;
let sql: ReturnType<typeof createSql>;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, { max: 4 });
});
afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

describe('the platform signing key kept in the database', () => {
  it('is generated once: concurrent first starts and later restarts get the same key and did:key', async () => {
    const seeds = await Promise.all([storedSigningSeed(sql), storedSigningSeed(sql), storedSigningSeed(sql)]);
    expect(seeds[0]).toHaveLength(32);
    expect(new Set(seeds.map((s) => Buffer.from(s).toString('hex'))).size).toBe(1);

    // a restart: another pool on the same database
    const again = createSql(db.url, { max: 1 });
    try {
      const signer = await loadPlatformSigner({ sql: again });
      expect(signer.did).toBe((await platformSigner(seeds[0]!)).did);
    } finally {
      await again.end();
    }
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from open_badges_signing_key`;
    expect(row?.n).toBe(1);
  });

  it('is the configured key when OPEN_BADGES_SIGNING_KEY is set, whatever the table holds', async () => {
    const seed = randomBytes(32);
    const signer = await loadPlatformSigner({ configuredKey: seed.toString('base64'), sql });
    expect(signer.did).toBe((await platformSigner(seed)).did);
    expect(signer.did).not.toBe((await platformSigner(await storedSigningSeed(sql))).did);
  });

  it('refuses a row that is not a 32-byte seed', async () => {
    await expect(
      sql`update open_badges_signing_key set seed = ${randomBytes(16)} where id = 1`,
    ).rejects.toThrow();
    await expect(
      sql`insert into open_badges_signing_key (id, seed) values (2, ${randomBytes(32)})`,
    ).rejects.toThrow();
  });
});
