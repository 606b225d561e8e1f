import postgres, { type Sql } from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createLeases, leaseHolder, type LeasedWork, type Leases } from './leases.ts';
import { migrate } from './migrate.ts';

// the leases of ADR 0048 between "processes" of this test: each Leases keeps a PostgreSQL session of its own, which
// is what a process is to the locks; a process dies here as its session does (pg_terminate_backend)

let db: TestDatabase;
let sql: Sql;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = postgres(db.url, { max: 2, onnotice: () => {} });
});
afterAll(async () => {
  await sql.end();
  await db.drop();
});

const started: Leases[] = [];
afterEach(async () => {
  for (const leases of started.splice(0)) await leases.stop();
});

/** every start and stop of a work, in order: `<holder> start|stop <work>` */
const journal: string[] = [];

/** works that count who runs them: `running[name]` is the holders running it now */
function works(count: number, running: Map<string, Set<string>>, holder: string): LeasedWork[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `work:${i}`;
    return {
      name,
      async start() {
        const set = running.get(name) ?? new Set();
        set.add(holder);
        running.set(name, set);
        journal.push(`${holder} start ${name}`);
      },
      async stop() {
        running.get(name)?.delete(holder);
        journal.push(`${holder} stop ${name}`);
      },
    };
  });
}

function start(holder: string, running: Map<string, Set<string>>, count = 6): Leases {
  const leases = createLeases({
    databaseUrl: db.url,
    works: works(count, running, holder),
    holder,
    pollMs: 50,
  });
  started.push(leases);
  return leases;
}

describe('leases', () => {
  it('split the works between the processes present, one process per work, and stop a holder’s works when its session dies', async () => {
    const running = new Map<string, Set<string>>();
    const a = start('lease-test a', running);
    await a.start();
    // alone, it takes everything
    expect(a.held()).toHaveLength(6);
    const b = start('lease-test b', running);
    await b.start();
    // a second one comes: the first lets go of what is above its share, the second takes it
    await expect.poll(() => [a.held().length, b.held().length]).toEqual([3, 3]);
    expect([...running.values()].every((holders) => holders.size === 1)).toBe(true);
    expect((await leaseHolder(sql, b.held()[0]!))?.holder).toBe('lease-test b');

    // the first one's session dies (PostgreSQL lets go of its locks): it stops what it held at once and comes back on
    // a new session; the works end up split again, each run by one holder
    // (it may take the same works back on its new session before a poll looks: the journal tells the stop)
    const taken = a.held();
    const holderPid = (await leaseHolder(sql, taken[0]!))!.pid;
    const before = journal.length;
    await sql`select pg_terminate_backend(${holderPid})`;
    await expect
      .poll(() => taken.filter((work) => !journal.slice(before).includes(`lease-test a stop ${work}`)))
      .toEqual([]);
    await expect.poll(() => [a.held().length, b.held().length]).toEqual([3, 3]);
    expect([...running.values()].every((holders) => holders.size === 1)).toBe(true);
    const newPid = (await leaseHolder(sql, a.held()[0]!))!.pid;
    expect(newPid).not.toBe(holderPid);
  });

  it('let go of every lock when stopped', async () => {
    const running = new Map<string, Set<string>>();
    const a = start('lease-test c', running, 2);
    await a.start();
    expect((await leaseHolder(sql, 'work:0'))?.holder).toBe('lease-test c');
    await a.stop();
    started.splice(started.indexOf(a), 1);
    expect(await leaseHolder(sql, 'work:0')).toBeUndefined();
    expect([...running.values()].every((holders) => holders.size === 0)).toBe(true);
  });
});

describe('migrate', () => {
  it('applies the migrations once when several processes migrate an empty database at the same time', async () => {
    const empty = await createTestDatabase({ migrate: false });
    try {
      const applied = await Promise.all([migrate(empty.url), migrate(empty.url), migrate(empty.url)]);
      const counts = applied.map((a) => a.length).sort((x, y) => x - y);
      expect(counts[0]).toBe(0);
      expect(counts[1]).toBe(0);
      expect(counts[2]).toBeGreaterThan(10);
    } finally {
      await empty.drop();
    }
  });
});
