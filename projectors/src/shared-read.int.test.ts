import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import postgres, { type Sql } from 'postgres';
import {
  createIsolatedDatabase,
  createTestDatabase,
  type TestDatabase,
} from '@platform/tests/support/database';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore, type RecordedEvent } from '@platform/infra/event-store';
import {
  CHECKPOINT_CHANNEL,
  checkpointNotice,
  waitForProjections,
} from '@platform/infra/projections/checkpoints';
import { createProjectionRunner, type ProjectionRunner } from './runner.ts';
import { createSharedRead } from './shared-read.ts';
import type { Projection } from './projection.ts';
import { prepareTarget, versionTarget } from './target.ts';
import { appendEvents, capturingLogger, checkpointOf, eventually } from '@platform/tests/support/projectors';

let db: TestDatabase;
let sql: Sql;
let store: PostgresEventStore;
const runners: ProjectionRunner[] = [];
const clients: Sql[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  store = new PostgresEventStore({ sql });
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await Promise.all(clients.splice(0).map((c) => c.end({ timeout: 5 })));
  await sql.end({ timeout: 5 });
  await db.drop();
});

/**
 * A projection that records each event it applies in a table of its own (no unique key: an event applied twice
 * shows up twice). `beforeApply` runs inside the batch transaction, to fail or stall on purpose.
 */
function recorder(
  name: string,
  eventTypes: string[],
  beforeApply?: (event: RecordedEvent, call: number) => Promise<void> | void,
): Projection {
  let calls = 0;
  return {
    name,
    version: 1,
    eventTypes,
    tables: [`${name}_applied`],
    async setup(tx) {
      await tx.unsafe(
        `create table ${name}_applied (event_id uuid not null, global_position bigint not null)`,
      );
    },
    async apply(tx, event) {
      calls += 1;
      await beforeApply?.(event, calls);
      await tx.unsafe(`insert into ${name}_applied (event_id, global_position) values ($1, $2)`, [
        event.eventId,
        event.globalPosition.toString(),
      ]);
    },
  };
}

const applied = async (name: string) =>
  (
    await sql.unsafe<{ at: string }[]>(
      `select global_position::text as at from read.${name}_applied order by global_position`,
    )
  ).map((r) => BigInt(r.at));

const reached = async (names: string[], position: bigint) =>
  (await waitForProjections({ sql, eventStore: store }, names, position, 15_000)).reached;

/** a pool of its own whose statements are counted (the runner's reads and writes, nothing else) */
function countingClient() {
  const counts = { statements: 0, checkpointUpdates: 0, reads: 0 };
  const client = postgres(db.url, {
    max: 10,
    onnotice: () => {},
    debug: (_connection, query) => {
      counts.statements += 1;
      if (/update projection_checkpoints/i.test(query)) counts.checkpointUpdates += 1;
      if (/from es_events e\s+where e\.transaction_id < pg_snapshot_xmin/i.test(query)) counts.reads += 1;
    },
  });
  clients.push(client);
  return { client, counts };
}

describe('the shared read of a projector process', () => {
  it('costs an append the same statements whether the process holds 2 idle projections or 20', async () => {
    // on a cluster of its own: the visible head is a cluster's, and another test file's open transaction would
    // hold the reads back and have them made again, a count that depends on what runs beside this test
    await sql.end({ timeout: 5 });
    await db.drop();
    db = await createIsolatedDatabase();
    sql = createSql(db.url);
    store = new PostgresEventStore({ sql });
    const perAppend = async (idleCount: number) => {
      const names = Array.from({ length: idleCount }, (_, i) => `idle_${idleCount}_${i}`);
      const projections = [
        recorder(`busy_${idleCount}`, ['Counted']),
        ...names.map((name) => recorder(name, ['NeverAppended'])),
      ];
      const { client, counts } = countingClient();
      const runner = createProjectionRunner({
        sql: client,
        eventStore: new PostgresEventStore({ sql: client }),
        projections,
      });
      runners.push(runner);
      await runner.start();
      const all = projections.map((p) => p.name);
      expect(await reached(all, await appendEvents(store, ['tally-a'], 1))).toBe(true);
      // every projection follows the shared read before the counting starts
      await eventually(async () => runner.running().length === all.length);
      const appends = 5;
      const before = { ...counts };
      for (let i = 0; i < appends; i++) {
        const position = await appendEvents(store, ['tally-a'], 1);
        expect(await reached(all, position)).toBe(true);
      }
      await runner.stop();
      return {
        statements: (counts.statements - before.statements) / appends,
        checkpointUpdates: (counts.checkpointUpdates - before.checkpointUpdates) / appends,
        reads: (counts.reads - before.reads) / appends,
      };
    };
    const few = await perAppend(2);
    const many = await perAppend(20);
    // one transaction for the projection that applies the event, one statement for every idle one together
    expect(few.checkpointUpdates).toBe(2);
    expect(many.checkpointUpdates).toBe(2);
    // one read of `$all` per append for the whole process, however many projections it holds
    expect(many.reads).toBeLessThan(3);
    expect(many.statements).toBeLessThan(few.statements + 3);
    expect(many.statements).toBeLessThan(15);
  });

  it('hands each page to the projections that read its events, each exactly once', async () => {
    const a = recorder('only_a', ['A']);
    const b = recorder('only_b', ['B']);
    const both = recorder('both', ['A', 'B']);
    const everything = recorder('everything', []);
    const runner = createProjectionRunner({ sql, eventStore: store, projections: [a, b, both, everything] });
    runners.push(runner);
    await runner.start();
    const positions: Record<string, bigint[]> = { A: [], B: [], C: [] };
    for (let i = 0; i < 12; i++) {
      const type = ['A', 'B', 'C'][i % 3]!;
      positions[type]!.push(await appendEvents(store, [`s-${i % 2}`], 1, type));
    }
    const last = positions.C!.at(-1)!;
    expect(await reached(['only_a', 'only_b', 'both', 'everything'], last)).toBe(true);
    const sorted = (xs: bigint[]) => [...xs].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    expect(await applied('only_a')).toEqual(sorted(positions.A!));
    expect(await applied('only_b')).toEqual(sorted(positions.B!));
    expect(await applied('both')).toEqual(sorted([...positions.A!, ...positions.B!]));
    expect(await applied('everything')).toEqual(sorted([...positions.A!, ...positions.B!, ...positions.C!]));
    for (const name of ['only_a', 'only_b', 'both', 'everything'])
      expect((await checkpointOf(sql, name, 1))?.position).toBe(last.toString());
  });

  it('notifies each live checkpoint it moves: those that applied events by name, those moved idle in one notice', async () => {
    const projections = [
      recorder('reader', ['Counted']),
      recorder('idle_one', ['X']),
      recorder('idle_two', ['Y']),
    ];
    const runner = createProjectionRunner({ sql, eventStore: store, projections });
    runners.push(runner);
    await runner.start();
    expect(await reached(['reader', 'idle_one', 'idle_two'], await appendEvents(store, ['tally-a'], 1))).toBe(
      true,
    );
    const heard: Array<{ names: string[]; applied: boolean }> = [];
    const listener = await sql.listen(CHECKPOINT_CHANNEL, (payload) => heard.push(checkpointNotice(payload)));
    try {
      const position = await appendEvents(store, ['tally-a'], 1);
      // waitForProjections wakes on both kinds; the query side's read cache counts the applied ones only
      const named = () => heard.flatMap((notice) => notice.names);
      await eventually(async () => ['reader', 'idle_one', 'idle_two'].every((n) => named().includes(n)));
      expect(heard.filter((notice) => notice.applied)).toEqual([{ names: ['reader'], applied: true }]);
      const idle = heard.filter((notice) => !notice.applied);
      expect(idle).toHaveLength(1);
      expect([...idle[0]!.names].sort()).toEqual(['idle_one', 'idle_two']);
      for (const name of ['reader', 'idle_one', 'idle_two'])
        expect((await checkpointOf(sql, name, 1))?.position).toBe(position.toString());
    } finally {
      await listener.unlisten();
    }
  });

  it('a projection that fails leaves the read and catches up alone, while the others go on', async () => {
    let failing = true;
    const fragile = recorder('fragile', ['Counted'], (_event, call) => {
      // its first event after the start fails until released
      if (call >= 2 && failing) throw new Error('projection bug');
    });
    const steady = recorder('steady', ['Counted']);
    const { lines, logger } = capturingLogger();
    const runner = createProjectionRunner({
      sql,
      eventStore: store,
      projections: [fragile, steady],
      logger,
      retry: { initialMs: 10, maxMs: 50 },
    });
    runners.push(runner);
    const first = await appendEvents(store, ['tally-a'], 1);
    await runner.start();
    expect(await reached(['fragile', 'steady'], first)).toBe(true);
    const later = await appendEvents(store, ['tally-a', 'tally-b'], 3);
    expect(await reached(['steady'], later)).toBe(true);
    expect(await applied('steady')).toHaveLength(7);
    await eventually(async () => lines.some((l) => l.level === 'error'));
    expect(await applied('fragile')).toHaveLength(1);
    failing = false;
    expect(await reached(['fragile'], later)).toBe(true);
    const [row] = await sql.unsafe<{ n: number; d: number }[]>(
      `select count(*)::int as n, count(distinct event_id)::int as d from read.fragile_applied`,
    );
    expect(row).toEqual({ n: 7, d: 7 });
    // and it follows the shared read again: an append later reaches both
    const last = await appendEvents(store, ['tally-c'], 1);
    expect(await reached(['fragile', 'steady'], last)).toBe(true);
    expect(await applied('fragile')).toHaveLength(8);
    expect(await applied('steady')).toHaveLength(8);
  });

  it('two processes following the same projections (a lease changing hands) apply nothing twice', async () => {
    const make = () => [recorder('shared_a', ['Counted']), recorder('shared_b', ['Other'])];
    const otherSql = createSql(db.url);
    clients.push(otherSql);
    const one = createProjectionRunner({ sql, eventStore: store, projections: make() });
    const two = createProjectionRunner({
      sql: otherSql,
      eventStore: new PostgresEventStore({ sql: otherSql }),
      projections: make(),
    });
    runners.push(one, two);
    await Promise.all([one.start(), two.start()]);
    let last = 0n;
    for (let i = 0; i < 10; i++) {
      last = await appendEvents(store, [`tally-${i % 3}`], 1, i % 2 === 0 ? 'Counted' : 'Other');
    }
    expect(await reached(['shared_a', 'shared_b'], last)).toBe(true);
    // the holder hands one over: the other process's copy stops, this one goes on alone
    await two.stopProjection('shared_a');
    last = await appendEvents(store, ['tally-x'], 2, 'Counted');
    expect(await reached(['shared_a', 'shared_b'], last)).toBe(true);
    for (const name of ['shared_a', 'shared_b']) {
      const [row] = await sql.unsafe<{ n: number; d: number }[]>(
        `select count(*)::int as n, count(distinct event_id)::int as d from read.${name}_applied`,
      );
      expect(row).toEqual({ n: name === 'shared_a' ? 7 : 5, d: name === 'shared_a' ? 7 : 5 });
    }
    expect(two.running()).toEqual(['shared_b']);
  });

  it('a version retired by another process while it follows the read stops, and the new one goes on', async () => {
    const v1 = recorder('versioned', ['Counted']);
    const v2: Projection = { ...recorder('versioned', ['Counted']), version: 2 };
    const { lines, logger } = capturingLogger();
    const old = createProjectionRunner({
      sql,
      eventStore: store,
      projections: [v1, recorder('bystander', ['Other'])],
      logger,
    });
    runners.push(old);
    await old.start();
    const first = await appendEvents(store, ['tally-a'], 3);
    expect(await reached(['versioned', 'bystander'], first)).toBe(true);
    // a deploy: another process builds v2 beside the live v1 and swaps it in
    const otherSql = createSql(db.url);
    clients.push(otherSql);
    const next = createProjectionRunner({
      sql: otherSql,
      eventStore: new PostgresEventStore({ sql: otherSql }),
      projections: [v2],
    });
    runners.push(next);
    await next.start();
    await eventually(async () => (await checkpointOf(sql, 'versioned', 2))?.status === 'live');
    const retiredAt = (await checkpointOf(sql, 'versioned', 1))?.position;
    // the old process's v1 finds its row retired at the next page, one with none of its events: the move together
    // leaves its row alone, and v1 reads its state again and stops
    const other = await appendEvents(store, ['note-x'], 1, 'Other');
    expect(await reached(['bystander'], other)).toBe(true);
    const last = await appendEvents(store, ['tally-b'], 2);
    expect(await reached(['versioned', 'bystander'], last)).toBe(true);
    await eventually(async () =>
      lines.some(
        (l) =>
          l.level === 'warn' && l.msg === 'a newer version of this projection is live; not running this one',
      ),
    );
    expect(await checkpointOf(sql, 'versioned', 1)).toEqual({
      status: 'retired',
      position: retiredAt,
      events_applied: '3',
    });
    expect(await checkpointOf(sql, 'versioned', 2)).toMatchObject({
      status: 'live',
      position: last.toString(),
      events_applied: '5',
    });
    expect(await checkpointOf(sql, 'bystander', 1)).toMatchObject({ position: last.toString() });
  });

  it('a projection that joins ahead of the read is handed only the events after its checkpoint', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let stalled = false;
    const slow = recorder('slow', ['Counted'], async (_event, call) => {
      if (call === 1) {
        stalled = true;
        await gate; // holds the read's first page open
      }
    });
    const late = recorder('late', ['Counted']);
    const shared = createSharedRead({ sql, eventStore: store, projections: [slow, late], batchSize: 100 });
    const slowTarget = versionTarget(slow);
    const lateTarget = versionTarget(late);
    await prepareTarget(sql, slowTarget);
    await prepareTarget(sql, lateTarget);
    const stop = new AbortController();
    const catchUp = () => Promise.reject(new Error('not expected to fall behind'));
    const following = shared.follow({ target: slowTarget, position: 0n, signal: stop.signal, catchUp });
    const e1 = await appendEvents(store, ['tally-a'], 1);
    await expect.poll(() => stalled, { timeout: 10_000 }).toBe(true);
    // while the read's first page (e1) is being applied: two more events; `late` stands at e2 already
    const e2 = await appendEvents(store, ['tally-a'], 1);
    const e3 = await appendEvents(store, ['tally-a'], 1);
    await sql`update projection_checkpoints set position = ${e2.toString()} where name = 'late'`;
    const joining = shared.follow({ target: lateTarget, position: e2, signal: stop.signal, catchUp });
    release();
    await eventually(async () => (await checkpointOf(sql, 'late', 1))?.position === e3.toString());
    await eventually(async () => (await checkpointOf(sql, 'slow', 1))?.position === e3.toString());
    expect(await applied_('slow')).toEqual([e1, e2, e3]);
    expect(await applied_('late')).toEqual([e3]);
    stop.abort();
    await Promise.all([following, joining]);
    await shared.settled();
    expect(shared.members()).toEqual([]);
  });
});

/** the events a build applied, read from its own schema (a build that is not live has no view) */
async function applied_(name: string) {
  return (
    await sql.unsafe<{ at: string }[]>(
      `select global_position::text as at from proj_${name}_v1.${name}_applied order by global_position`,
    )
  ).map((r) => BigInt(r.at));
}
