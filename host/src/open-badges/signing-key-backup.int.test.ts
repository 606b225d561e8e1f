import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql } from '@platform/infra/db/postgres';
import { loadPlatformSigner } from '@platform/infra/open-badges/signing-key';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { restoreBackup, writeBackup } from '../backup/backup.ts';

let source: TestDatabase;
let target: TestDatabase;
let dir: string;

beforeAll(async () => {
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  dir = await mkdtemp(join(tmpdir(), 'ob-key-backup-'));
});
afterAll(async () => {
  await Promise.all([source?.drop(), target?.drop()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the kept open badges signing key across a backup and a restore', () => {
  it('signs with the same did:key on the restored platform', async () => {
    const sourceSql = createSql(source.url, { max: 2 });
    const targetSql = createSql(target.url, { max: 2 });
    try {
      const before = await loadPlatformSigner({ sql: sourceSql });
      const file = join(dir, 'backup.ndjson.gz');
      const summary = await writeBackup(sourceSql, createWriteStream(file));
      expect(summary.rows.open_badges_signing_key).toBe(1);

      await restoreBackup(targetSql, () => createReadStream(file));
      const [row] = await targetSql<{ n: number }[]>`select count(*)::int as n from open_badges_signing_key`;
      expect(row?.n).toBe(1);
      const after = await loadPlatformSigner({ sql: targetSql });
      expect(after.did).toBe(before.did);
    } finally {
      await Promise.all([sourceSql.end(), targetSql.end()]);
    }
  });
});
