import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createProjectionRunner, type ProjectionRunner } from './runner.ts';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import { replayProjection } from './replay.ts';
import { applyBatchAndAdvance, CheckpointMovedError } from './apply-batch.ts';
import { prepareTarget, versionTarget } from './target.ts';
import {
  appendEvents,
  capturingLogger,
  checkpointOf,
  counterProjection,
  eventually,
  tableRows,
} from '@platform/tests/support/projectors';

let db: TestDatabase;
let sql: Sql;
let store: PostgresEventStore;
const runners: ProjectionRunner[] = [];
const STREAMS = ['tally-a', 'tally-b', 'tally-c'];

beforeEach(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  store = new PostgresEventStore({ sql });
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await sql.end({ timeout: 5 });
  await db.drop();
});

function run(
  options: Omit<Parameters<typeof createProjectionRunner>[0], 'sql' | 'eventStore'>,
  on = { sql, store },
) {
  const runner = createProjectionRunner({ sql: on.sql, eventStore: on.store, ...options });
  runners.push(runner);
  return runner;
}

async function reached(position: bigint, names = ['counter'], timeoutMs = 15_000) {
  return (await waitForProjections({ sql, eventStore: store }, names, position, timeoutMs)).reached;
}

describe('projection runner', () => {
  it('applies every event, keeps following $all, and its checkpoint equals the head', async () => {
    const first = await appendEvents(store, STREAMS, 4);
    await run({ projections: [counterProjection()] }).start();
    expect(await reached(first)).toBe(true);
    expect(await tableRows(sql, 'read.stream_counts', 'stream_id')).toEqual([
      { stream_id: 'tally-a', events: 4 },
      { stream_id: 'tally-b', events: 4 },
      { stream_id: 'tally-c', events: 4 },
    ]);

    const last = await appendEvents(store, ['tally-a', 'tally-d'], 2);
    expect(await reached(last)).toBe(true);
    const counts = await tableRows(sql, 'read.stream_counts', 'stream_id');
    expect(counts.map((r) => r.events)).toEqual([6, 4, 4, 2]);
    expect(await checkpointOf(sql, 'counter', 1)).toEqual({
      position: last.toString(),
      status: 'live',
      events_applied: '16',
    });
  });

  it('advances a filtered projection past the events it does not handle', async () => {
    await appendEvents(store, ['tally-a'], 2, 'Counted');
    const head = await appendEvents(store, ['tally-a', 'other-x'], 3, 'Ignored');
    await run({ projections: [counterProjection({ eventTypes: ['Counted'] })] }).start();
    expect(await reached(head)).toBe(true);
    expect(await checkpointOf(sql, 'counter', 1)).toEqual({
      position: head.toString(),
      status: 'live',
      events_applied: '2',
    });
    expect(await tableRows(sql, 'read.stream_counts', 'stream_id')).toEqual([
      { stream_id: 'tally-a', events: 2 },
    ]);
  });

  it('rolls a failing batch back, logs it and retries without skipping or doubling anything', async () => {
    const head = await appendEvents(store, STREAMS, 5);
    let failures = 0;
    const projection = counterProjection({
      beforeApply: (_event, call) => {
        // the 7th apply fails, in the middle of the second batch of 5; so does its first retry
        if (call === 7 || call === 8) {
          failures += 1;
          throw new Error('projection bug');
        }
      },
    });
    const { lines, logger } = capturingLogger();
    await run({ projections: [projection], batchSize: 5, logger, retry: { initialMs: 10 } }).start();
    expect(await reached(head)).toBe(true);
    expect(failures).toBe(2);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(2);
    const [applied] =
      await sql`select count(*)::int as n, count(distinct event_id)::int as d from read.applied_events`;
    expect(applied).toEqual({ n: 15, d: 15 });
    expect((await checkpointOf(sql, 'counter', 1))?.events_applied).toBe('15');
    expect((await tableRows(sql, 'read.stream_counts', 'stream_id')).map((r) => r.events)).toEqual([5, 5, 5]);
  });

  it('after a kill in the middle of a batch, a new runner resumes and the tables equal a clean replay', async () => {
    const head = await appendEvents(store, STREAMS, 10);
    // the first process: its connections die while a batch transaction is open (as when the process is killed)
    const doomedSql = createSql(db.url);
    const doomedStore = new PostgresEventStore({ sql: doomedSql });
    let killed = false;
    const doomed = counterProjection({
      beforeApply: async (_event, call) => {
        if (call === 13) {
          killed = true;
          await doomedSql.end({ timeout: 0 });
        }
      },
    });
    const first = run(
      { projections: [doomed], batchSize: 5, maxBatchSize: 5, retry: { initialMs: 20 } },
      { sql: doomedSql, store: doomedStore },
    );
    await first.start();
    await expect.poll(() => killed, { timeout: 10_000 }).toBe(true);
    await first.stop();

    const afterKill = await checkpointOf(sql, 'counter', 1);
    // the open batch (the one holding the 13th event) left nothing behind: checkpoint and rows stop at the last
    // committed batch. Batches hold up to 5 events, fewer when a page ends at what was visible then (other test
    // files' transactions on the cluster hold visibility back), so the count is 8 to 12, not always 10.
    const applied = Number(afterKill?.events_applied);
    expect(applied).toBeGreaterThanOrEqual(8);
    expect(applied).toBeLessThanOrEqual(12);
    expect(await store.comparePositions(BigInt(afterKill!.position), head)).toBeLessThan(0);
    const [partial] = await sql`select count(*)::int as n from read.applied_events`;
    expect(partial?.n).toBe(applied);

    await run({ projections: [counterProjection()], batchSize: 5 }).start();
    expect(await reached(head)).toBe(true);
    const resumed = {
      counts: await tableRows(sql, 'read.stream_counts', 'stream_id'),
      applied: await tableRows(sql, 'read.applied_events', 'global_position'),
    };
    expect(resumed.applied).toHaveLength(30);
    expect(new Set(resumed.applied.map((r) => r.event_id)).size).toBe(30);
    expect((await checkpointOf(sql, 'counter', 1))?.events_applied).toBe('30');

    // a clean replay from position 0 into a fresh schema, swapped in: the same tables
    const summary = await replayProjection({ sql, eventStore: store, projection: counterProjection() });
    expect(summary).toMatchObject({ projection: 'counter', mode: 'rebuild', events: 30 });
    expect(await tableRows(sql, 'read.stream_counts', 'stream_id')).toEqual(resumed.counts);
    expect(await tableRows(sql, 'read.applied_events', 'global_position')).toEqual(resumed.applied);
  });

  it('applies a batch delivered twice only once (the checkpoint row guards it)', async () => {
    await appendEvents(store, STREAMS, 2);
    const target = versionTarget(counterProjection());
    await prepareTarget(sql, target);
    // readAll only shows what no older running transaction (in any database of the cluster) holds back
    const events = await eventually(async () => {
      const all = await store.readAll();
      return all.length === 6 && all;
    });
    const batch = { events, checkpoint: events.at(-1)!.globalPosition };
    await applyBatchAndAdvance(sql, target, 0n, batch);
    await expect(applyBatchAndAdvance(sql, target, 0n, batch)).rejects.toBeInstanceOf(CheckpointMovedError);
    const [applied] = await sql`select count(*)::int as n from proj_counter_v1.applied_events`;
    expect(applied?.n).toBe(6);
    expect(await checkpointOf(sql, 'counter', 1)).toMatchObject({ events_applied: '6', status: 'building' });
  });

  it('refuses projections it cannot run side by side', () => {
    const a = counterProjection({ name: 'a' });
    expect(() =>
      createProjectionRunner({ sql, eventStore: store, projections: [a, counterProjection({ name: 'b' })] }),
    ).toThrow(/read\.stream_counts is exposed by both a and b/);
    expect(() => createProjectionRunner({ sql, eventStore: store, projections: [a, a] })).toThrow(
      /registered twice/,
    );
    expect(() =>
      createProjectionRunner({
        sql,
        eventStore: store,
        projections: [counterProjection({ name: 'Bad-Name' })],
      }),
    ).toThrow(/must match/);
  });
});
