import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import {
  damageTable,
  dropEvent,
  lostCommands,
  readModelMismatches,
  type Acknowledged,
  type Api,
} from './checks.ts';

// the soak's checks (npm run soak) on a platform of its own: quiet on a sound database, naming what a fault broke

let app: AccountsTestApp;
let api: Api;
let workDir: string;
const records: Acknowledged[] = [];

/** A database on the same server as the platform's. */
const url = (database: string) => {
  const u = new URL(app.databaseUrl);
  u.pathname = `/${database}`;
  return u.toString();
};
const replay = () => ({
  url,
  workDir,
  replayDatabase: `soak_check_${Math.random().toString(36).slice(2, 10)}`,
});

beforeAll(async () => {
  app = await startAccountsApp();
  api = { baseUrl: app.url(''), adminToken: TEST_ADMIN_TOKEN };
  workDir = mkdtempSync(join(tmpdir(), 'soak-checks-'));
  for (let i = 0; i < 3; i++) {
    const attributes = { name: `Check coupon ${i}`, amount: 1_000 + i };
    const created = await app.admin('POST', '/coupons', { data: { type: 'coupons', attributes } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    records.push({
      type: 'coupons',
      id: created.body.data.id,
      expected: attributes,
      position: created.body.meta.position,
      cycle: 1,
    });
  }
  // one deleted: acknowledged as gone
  const gone = records[2]!;
  const deleted = await app.admin('DELETE', `/coupons/${gone.id}`);
  expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  gone.expected = null;
  gone.position = deleted.body.meta.position;
});

afterAll(async () => {
  await app?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('the soak checks', () => {
  it('find nothing wrong with a sound database', async () => {
    expect(await lostCommands(api, app.platform.sql, records, 1)).toEqual([]);
    const { differing, compared } = await readModelMismatches(app.platform.sql, replay());
    expect(differing).toEqual([]);
    expect(compared).toBeGreaterThan(5);
  });

  it('name the table a read model was damaged in', async () => {
    const table = await damageTable(app.platform.sql);
    const { differing } = await readModelMismatches(app.platform.sql, replay());
    expect(differing).toContain(table);
  });

  it('name the acknowledged command whose event is gone from the log', async () => {
    const dropped = await dropEvent(app.platform.sql, records[1]!);
    const lost = await lostCommands(api, app.platform.sql, records, 1);
    expect(lost).toEqual([`${dropped}: no event at position ${records[1]!.position}`]);
  });

  it('name a record that reads otherwise than acknowledged', async () => {
    const changed = { ...records[0]!, expected: { name: 'Check coupon 0', amount: 7 } };
    const lost = await lostCommands(api, app.platform.sql, [changed], 1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatch(new RegExp(`^coupons/${changed.id}: 200 `));
  });
});
