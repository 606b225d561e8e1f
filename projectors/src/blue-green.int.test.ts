import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createProjectionRunner, type ProjectionRunner } from './runner.ts';
import { getCheckpoints, waitForProjections } from '@platform/infra/projections/checkpoints';
import { replayProjection } from './replay.ts';
import {
  appendEvents,
  checkpointOf,
  counterProjection,
  counterV2Projection,
  eventually,
  schemaExists,
  tableRows,
} from '@platform/tests/support/projectors';

let db: TestDatabase;
let sql: Sql;
let store: PostgresEventStore;
const runners: ProjectionRunner[] = [];

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

function runner(options: Omit<Parameters<typeof createProjectionRunner>[0], 'sql' | 'eventStore'>) {
  const created = createProjectionRunner({ sql, eventStore: store, ...options });
  runners.push(created);
  return created;
}

const reached = async (position: bigint) =>
  (await waitForProjections({ sql, eventStore: store }, ['counter'], position, 15_000)).reached;

const columnsOf = async (schema: string, table: string) =>
  (
    await sql<{ column_name: string }[]>`
      select column_name from information_schema.columns
       where table_schema = ${schema} and table_name = ${table} order by ordinal_position`
  ).map((c) => c.column_name);

describe('blue/green rebuild', () => {
  it('builds a new version beside the live one and swaps the read views when it has caught up', async () => {
    const first = await appendEvents(store, ['tally-a', 'tally-b', 'note-x'], 4);
    const v1 = runner({ projections: [counterProjection()] });
    await v1.start();
    expect(await reached(first)).toBe(true);
    await v1.stop();
    const v1Rows = await tableRows(sql, 'read.stream_counts', 'stream_id');
    expect(v1Rows).toEqual([
      { stream_id: 'note-x', events: 4 },
      { stream_id: 'tally-a', events: 4 },
      { stream_id: 'tally-b', events: 4 },
    ]);
    // v1's runner is gone (a deploy): this event is applied by v2 only
    const last = await appendEvents(store, ['tally-a'], 1);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let stalled = false;
    const v2 = counterV2Projection({
      beforeApply: async (_event, call) => {
        if (call === 4) {
          stalled = true;
          await gate; // holds v2's second batch open
        }
      },
    });
    await runner({ projections: [v2], batchSize: 3 }).start();
    await expect.poll(() => stalled, { timeout: 10_000 }).toBe(true);

    // while v2 builds, readers still get v1's rows and shape
    expect(await tableRows(sql, 'read.stream_counts', 'stream_id')).toEqual(v1Rows);
    expect(await columnsOf('read', 'stream_counts')).toEqual(['stream_id', 'events']);
    expect(await checkpointOf(sql, 'counter', 1)).toMatchObject({ status: 'live' });
    expect(await checkpointOf(sql, 'counter', 2)).toMatchObject({ status: 'building', events_applied: '3' });

    release();
    expect(await reached(last)).toBe(true);
    expect(await columnsOf('read', 'stream_counts')).toEqual(['stream_id', 'category', 'events']);
    expect(await tableRows(sql, 'read.stream_counts', 'stream_id')).toEqual([
      { stream_id: 'note-x', category: 'note', events: '4' },
      { stream_id: 'tally-a', category: 'tally', events: '5' },
      { stream_id: 'tally-b', category: 'tally', events: '4' },
    ]);
    const checkpoints = await getCheckpoints(sql);
    expect(checkpoints.map(({ version, status }) => ({ version, status }))).toEqual([
      { version: 1, status: 'retired' },
      { version: 2, status: 'live' },
    ]);
    expect(checkpoints[1]).toMatchObject({ position: last, eventsApplied: 13n });
    await eventually(async () => !(await schemaExists(sql, 'proj_counter_v1')));
    // v1's table that v2 no longer has went with v1's schema
    expect(await schemaExists(sql, 'proj_counter_v2')).toBe(true);
    const [view] =
      await sql`select 1 from information_schema.views where table_schema = 'read' and table_name = 'applied_events'`;
    expect(view).toBeUndefined();
  });

  it('an older version does not take over from a newer live one', async () => {
    const position = await appendEvents(store, ['tally-a'], 2);
    const v2 = runner({ projections: [counterV2Projection()] });
    await v2.start();
    expect(await reached(position)).toBe(true);
    await v2.stop();
    await runner({ projections: [counterProjection()] }).start();
    expect(await checkpointOf(sql, 'counter', 1)).toBeUndefined();
    expect(await columnsOf('read', 'stream_counts')).toEqual(['stream_id', 'category', 'events']);
    await expect(
      replayProjection({ sql, eventStore: store, projection: counterProjection() }),
    ).rejects.toThrow(/v2 is live, newer/);
  });

  it('replays the live version by hand while the runner keeps following, without losing or doubling events', async () => {
    const position = await appendEvents(store, ['tally-a', 'tally-b'], 50);
    await runner({ projections: [counterProjection()], batchSize: 7 }).start();
    expect(await reached(position)).toBe(true);

    const progress: number[] = [];
    const replaying = replayProjection({
      sql,
      eventStore: store,
      projection: counterProjection(),
      batchSize: 10,
      maxBatchSize: 10,
      onProgress: (n) => progress.push(n),
    });
    // events appended during the replay reach the rebuilt tables, by the replay or by the runner after the swap
    const appendedMeanwhile = appendEvents(store, ['tally-c'], 5);
    const [summary] = await Promise.all([replaying, appendedMeanwhile]);
    expect(summary.mode).toBe('rebuild');
    expect(summary.events).toBeGreaterThanOrEqual(100);
    expect(summary.eventsPerSecond).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThanOrEqual(10);
    expect(progress.at(-1)).toBe(summary.events);

    const last = await appendEvents(store, ['tally-a'], 1);
    expect(await reached(last)).toBe(true);
    expect(await tableRows(sql, 'read.stream_counts', 'stream_id')).toEqual([
      { stream_id: 'tally-a', events: 51 },
      { stream_id: 'tally-b', events: 50 },
      { stream_id: 'tally-c', events: 5 },
    ]);
    const [applied] =
      await sql`select count(*)::int as n, count(distinct event_id)::int as d from read.applied_events`;
    expect(applied).toEqual({ n: 106, d: 106 });
    expect(await schemaExists(sql, 'proj_counter_v1_rebuild')).toBe(false);
    expect((await getCheckpoints(sql)).map((c) => c.name)).toEqual(['counter']);
  });
});
