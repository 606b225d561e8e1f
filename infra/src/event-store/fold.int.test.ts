import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { systemActor } from '@platform/contracts/metadata';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createSql } from '../db/postgres.ts';
import { loadState, readStreamOrEmpty, type StreamFold } from './fold.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import { StreamNotFoundError, type EventToAppend } from './port.ts';

type TallyEvent = { type: 'Added'; data: { by: number } } | { type: 'Reset'; data: Record<string, never> };
const tally: StreamFold<{ total: number; seen: number }, TallyEvent> = {
  initialState: () => ({ total: 0, seen: 0 }),
  evolve: (state, event) =>
    event.type === 'Added'
      ? { total: state.total + event.data.by, seen: state.seen + 1 }
      : { total: 0, seen: state.seen + 1 },
};

const event = (type: TallyEvent['type'], data: unknown): EventToAppend => {
  const eventId = randomUUID();
  return {
    eventId,
    type,
    data,
    metadata: {
      eventId,
      correlationId: 'corr-fold',
      causationId: 'cause-fold',
      actor: systemActor,
      recordedAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
};
const newStream = () => `tally-${randomUUID()}`;

let db: TestDatabase;
let sql: Sql;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  store = new PostgresEventStore({ sql });
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

describe('loadState', () => {
  it('folds the stream in order and gives the version of its last event', async () => {
    const stream = newStream();
    await store.appendToStream(stream, [
      event('Added', { by: 2 }),
      event('Reset', {}),
      event('Added', { by: 5 }),
    ]);
    const loaded = await loadState(store, stream, tally);
    expect(loaded.state).toEqual({ total: 5, seen: 3 });
    expect(loaded.version).toBe(2n);
    expect(loaded.events.map((e) => e.type)).toEqual(['Added', 'Reset', 'Added']);
  });

  it('reads a missing stream as the initial state at no_stream', async () => {
    const stream = newStream();
    await expect(store.readStream(stream)).rejects.toBeInstanceOf(StreamNotFoundError);
    expect(await loadState(store, stream, tally)).toEqual({
      state: { total: 0, seen: 0 },
      version: 'no_stream',
      events: [],
    });
  });

  it('throws when the read fails, instead of answering an empty history', async () => {
    const stream = newStream();
    await store.appendToStream(stream, [event('Added', { by: 1 })]);
    // the same database behind a connection that is gone: the read itself fails
    const closed = createSql(db.url);
    await closed.end();
    const unreachable = new PostgresEventStore({ sql: closed });
    const failure = await loadState(unreachable, stream, tally).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(StreamNotFoundError);
    await expect(readStreamOrEmpty(unreachable, stream)).rejects.toThrow();
    await expect(readStreamOrEmpty(unreachable, newStream())).rejects.toThrow();
  });
});

describe('readStreamOrEmpty', () => {
  it('passes the read options on and reads a missing stream as no events', async () => {
    const stream = newStream();
    await store.appendToStream(stream, [event('Added', { by: 1 }), event('Added', { by: 2 })]);
    const [last] = await readStreamOrEmpty(store, stream, { direction: 'backwards', maxCount: 1 });
    expect(last?.data).toEqual({ by: 2 });
    expect(await readStreamOrEmpty(store, newStream())).toEqual([]);
  });
});
