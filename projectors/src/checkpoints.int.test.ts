import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createProjectionRunner, type ProjectionRunner } from './runner.ts';
import { getCheckpoints, waitForProjections } from '@platform/infra/projections/checkpoints';
import { appendEvents, counterProjection } from '@platform/tests/support/projectors';

let db: TestDatabase;
let sql: Sql;
let store: PostgresEventStore;
let runner: ProjectionRunner | undefined;

beforeEach(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  store = new PostgresEventStore({ sql });
});

afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await sql.end({ timeout: 5 });
  await db.drop();
});

const deps = () => ({ sql, eventStore: store });

describe('waitForProjections', () => {
  it('wakes up when a live checkpoint reaches the position', async () => {
    const position = await appendEvents(store, ['tally-a', 'tally-b'], 3);
    const started = Date.now();
    const waiting = waitForProjections(deps(), ['counter'], position, 10_000);
    await new Promise((r) => setTimeout(r, 100));
    runner = createProjectionRunner({ sql, eventStore: store, projections: [counterProjection()] });
    await runner.start();
    expect(await waiting).toEqual({ reached: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    // already reached: answers at once
    expect(await waitForProjections(deps(), ['counter'], position, 0)).toEqual({ reached: true });
  });

  it('answers reached=false once the timeout has passed', async () => {
    runner = createProjectionRunner({ sql, eventStore: store, projections: [counterProjection()] });
    await runner.start();
    await runner.stop();
    const position = await appendEvents(store, ['tally-a'], 1);
    const started = Date.now();
    expect(await waitForProjections(deps(), ['counter'], position, 300)).toEqual({ reached: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(295);
  });

  it('needs every named projection live and caught up', async () => {
    const position = await appendEvents(store, ['tally-a'], 2);
    runner = createProjectionRunner({ sql, eventStore: store, projections: [counterProjection()] });
    await runner.start();
    expect(await waitForProjections(deps(), ['counter'], position, 10_000)).toEqual({ reached: true });
    expect(await waitForProjections(deps(), ['counter', 'unknown'], position, 100)).toEqual({
      reached: false,
    });
  });

  it('treats positions nobody wrote as never reached, and position 0 as reached', async () => {
    await appendEvents(store, ['tally-a'], 1);
    runner = createProjectionRunner({ sql, eventStore: store, projections: [counterProjection()] });
    await runner.start();
    expect(await waitForProjections(deps(), ['counter'], 987_654_321n, 100)).toEqual({ reached: false });
    expect(await waitForProjections(deps(), ['counter'], 0n, 0)).toEqual({ reached: true });
    await expect(waitForProjections(deps(), ['counter'], -1n, 0)).rejects.toBeInstanceOf(RangeError);
  });

  it('lists the checkpoints', async () => {
    const position = await appendEvents(store, ['tally-a'], 2);
    runner = createProjectionRunner({ sql, eventStore: store, projections: [counterProjection()] });
    await runner.start();
    await waitForProjections(deps(), ['counter'], position, 10_000);
    const [checkpoint] = await getCheckpoints(sql);
    expect(checkpoint).toMatchObject({
      name: 'counter',
      version: 1,
      position,
      status: 'live',
      eventsApplied: 2n,
    });
    expect(checkpoint?.updatedAt).toBeInstanceOf(Date);
  });
});
