import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { ConflictError, ValidationError } from '@platform/contracts/errors';
import { systemActor } from '@platform/contracts/metadata';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore, type EventStore } from '@platform/infra/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { deriveId, handleCommand } from './handler.ts';
import {
  counterContracts,
  counterDecider,
  type CounterCommand,
} from '@platform/tests/support/counter/decider';

let db: TestDatabase;
let sql: Sql;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  store = new PostgresEventStore({ sql, contracts: counterContracts() });
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

const now = new Date('2026-03-01T10:00:00.000Z');
const increment = (by = 1, times?: number): CounterCommand => ({
  type: 'Increment',
  data: { by, ...(times ? { times } : {}) },
  metadata: { now, actor: systemActor, correlationId: 'corr-1', causationId: 'req-1' },
});
const newStream = () => `counter-${randomUUID()}`;
const deps = () => ({ eventStore: store as EventStore, contracts: counterContracts() });

/**
 * The real store, except that the first `parties` stream reads wait for each other: every command then
 * decides on the same state, which forces the append conflict the handler must resolve. Appends are
 * counted to prove the retry happened.
 */
function contendedStore(parties: number) {
  let waiting: Array<() => void> = [];
  let gated = parties;
  const counts = { appends: 0 };
  const eventStore: EventStore = Object.create(store, {
    readStream: {
      value: async (...args: Parameters<EventStore['readStream']>) => {
        const events = await store.readStream(...args).catch((e: unknown) => e);
        if (gated > 0) {
          gated--;
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length === parties) {
              waiting.forEach((r) => r());
              waiting = [];
            }
          });
        }
        if (events instanceof Error) throw events;
        return events;
      },
    },
    appendToStream: {
      value: (...args: Parameters<EventStore['appendToStream']>) => {
        counts.appends++;
        return store.appendToStream(...args);
      },
    },
  });
  return { eventStore, counts };
}

describe('handleCommand', () => {
  it('appends the decided events with full metadata and answers version and position', async () => {
    const streamId = newStream();
    const result = await handleCommand(deps(), { streamId, decider: counterDecider, command: increment(2) });
    expect(result.nextExpectedVersion).toBe(0n);
    const [appended] = await store.readStream(streamId);
    expect(result.position).toBe(appended!.globalPosition);
    expect(result.events).toEqual([
      { type: 'CounterIncremented', data: { by: 2 }, eventId: expect.any(String) },
    ]);

    const [stored] = await store.readStream(streamId);
    expect(stored?.eventId).toBe(result.events[0]?.eventId);
    // a time-ordered id (UUIDv7, ADR 0011)
    expect(stored?.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stored?.metadata).toEqual({
      eventId: result.events[0]?.eventId,
      correlationId: 'corr-1',
      causationId: 'req-1',
      actor: systemActor,
      recordedAt: now.toISOString(),
      schemaVersion: 1,
    });

    const second = await handleCommand(deps(), {
      streamId,
      decider: counterDecider,
      command: increment(1, 2),
    });
    expect(second.nextExpectedVersion).toBe(2n);
    expect(second.position > result.position).toBe(true);
  });

  it('retries a conflict with a concurrent command: both succeed, neither is lost', async () => {
    const streamId = newStream();
    await handleCommand(deps(), { streamId, decider: counterDecider, command: increment(1) });
    const { eventStore, counts } = contendedStore(2);
    const [a, b] = await Promise.all([
      handleCommand({ eventStore }, { streamId, decider: counterDecider, command: increment(10) }),
      handleCommand({ eventStore }, { streamId, decider: counterDecider, command: increment(100) }),
    ]);
    expect(counts.appends).toBe(3); // one of the two had to reload and decide again
    expect([a.nextExpectedVersion, b.nextExpectedVersion].sort()).toEqual([1n, 2n]);
    const events = await store.readStream(streamId);
    expect(events.reduce((sum, e) => sum + (e.data as { by: number }).by, 0)).toBe(111);
  });

  it('appends to a fresh stream without reading it, and reads one that exists after all before deciding', async () => {
    const { eventStore, counts } = contendedStore(0);
    let reads = 0;
    const counted: EventStore = Object.create(eventStore, {
      readStream: {
        value: (...args: Parameters<EventStore['readStream']>) => {
          reads++;
          return eventStore.readStream(...args);
        },
      },
    });
    const streamId = newStream();
    const first = await handleCommand(
      { eventStore: counted },
      { streamId, decider: counterDecider, command: increment(2), freshStream: true },
    );
    expect([first.nextExpectedVersion, reads, counts.appends]).toEqual([0n, 0, 1]);
    // the same stream said to be fresh again (with no retries left): the first append fails, the stream is read and
    // the command decided on what it holds
    const again = await handleCommand(
      { eventStore: counted },
      { streamId, decider: counterDecider, command: increment(3), freshStream: true, maxRetries: 0 },
    );
    expect([again.nextExpectedVersion, reads, counts.appends]).toEqual([1n, 1, 3]);
    expect((await store.readStream(streamId)).map((e) => (e.data as { by: number }).by)).toEqual([2, 3]);
  });

  it('gives up after maxRetries with a 409 ConflictError', async () => {
    const streamId = newStream();
    const { eventStore } = contendedStore(2);
    const results = await Promise.allSettled([
      handleCommand(
        { eventStore },
        { streamId, decider: counterDecider, command: increment(1), maxRetries: 0 },
      ),
      handleCommand(
        { eventStore },
        { streamId, decider: counterDecider, command: increment(1), maxRetries: 0 },
      ),
    ]);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    const error = (rejected[0] as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.code).toBe('conflict.wrong_expected_version');
    expect(error.status).toBe(409);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('answers 409 at once on a stale If-Match version and appends nothing', async () => {
    const streamId = newStream();
    await handleCommand(deps(), { streamId, decider: counterDecider, command: increment(1) });
    await handleCommand(deps(), { streamId, decider: counterDecider, command: increment(1) });
    const stale = handleCommand(deps(), {
      streamId,
      decider: counterDecider,
      command: increment(5),
      expectedVersion: 0n,
    });
    await expect(stale).rejects.toBeInstanceOf(ConflictError);
    await expect(stale).rejects.toMatchObject({ status: 409, code: 'conflict.wrong_expected_version' });
    expect(await store.readStream(streamId)).toHaveLength(2);

    const fresh = await handleCommand(deps(), {
      streamId,
      decider: counterDecider,
      command: increment(5),
      expectedVersion: 1n,
    });
    expect(fresh.nextExpectedVersion).toBe(2n);
  });

  it('does not retry when the If-Match version loses a race', async () => {
    const streamId = newStream();
    await handleCommand(deps(), { streamId, decider: counterDecider, command: increment(1) });
    const { eventStore, counts } = contendedStore(2);
    const spec = { streamId, decider: counterDecider, command: increment(1), expectedVersion: 0n };
    const results = await Promise.allSettled([
      handleCommand({ eventStore }, spec),
      handleCommand({ eventStore }, spec),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(counts.appends).toBe(2);
  });

  it('with an idempotency key, a repeated command returns the first answer and appends nothing', async () => {
    const streamId = newStream();
    const key = `key-${randomUUID()}`;
    const spec = { streamId, decider: counterDecider, command: increment(3, 2), idempotencyKey: key };
    const first = await handleCommand(deps(), spec);
    expect(first.events.map((e) => e.eventId)).toEqual([
      deriveId(key, streamId, 0),
      deriveId(key, streamId, 1),
    ]);
    await handleCommand(deps(), { streamId, decider: counterDecider, command: increment(7) });

    const again = await handleCommand(deps(), spec);
    expect(again).toEqual(first);
    // even with the If-Match the first request carried, although the stream has moved on since
    expect(await handleCommand(deps(), { ...spec, expectedVersion: 99n })).toEqual(first);
    expect(await store.readStream(streamId)).toHaveLength(3);

    const other = await handleCommand(deps(), { ...spec, idempotencyKey: `${key}-other` });
    expect(other.nextExpectedVersion).toBe(4n);
  });

  it('two concurrent requests with one idempotency key store the events once and give one answer', async () => {
    const streamId = newStream();
    const { eventStore } = contendedStore(2);
    const spec = { streamId, decider: counterDecider, command: increment(1), idempotencyKey: 'same-key' };
    const [a, b] = await Promise.all([
      handleCommand({ eventStore }, spec),
      handleCommand({ eventStore }, spec),
    ]);
    expect(a.position).toBe(b.position);
    expect(a.nextExpectedVersion).toBe(b.nextExpectedVersion);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('lets a domain error from decide pass through and appends nothing', async () => {
    const streamId = newStream();
    const attempt = handleCommand(deps(), { streamId, decider: counterDecider, command: increment(-1) });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toMatchObject({ issues: [{ pointer: '/data/attributes/by' }] });
    await expect(store.readStream(streamId)).rejects.toThrow(/not found/);
  });

  it('appends nothing when the decider decides nothing, and answers the current version', async () => {
    const streamId = newStream();
    const reset: CounterCommand = { type: 'Reset', data: {}, metadata: increment().metadata };
    const empty = await handleCommand(deps(), { streamId, decider: counterDecider, command: reset });
    expect(empty).toEqual({ streamId, nextExpectedVersion: -1n, position: 0n, events: [] });
    const made = await handleCommand(deps(), { streamId, decider: counterDecider, command: increment(2) });
    const reset1 = await handleCommand(deps(), { streamId, decider: counterDecider, command: reset });
    const reset2 = await handleCommand(deps(), { streamId, decider: counterDecider, command: reset });
    expect(reset1.nextExpectedVersion).toBe(made.nextExpectedVersion + 1n);
    expect(reset2).toEqual({ ...reset1, events: [] });
  });

  it('turns an event that breaks its contract into a plain (500) error, not a validation error', async () => {
    const badDecider = {
      ...counterDecider,
      decide: () => [{ type: 'CounterIncremented' as const, data: { by: 0.5 } }],
    };
    const attempt = handleCommand(deps(), {
      streamId: newStream(),
      decider: badDecider,
      command: increment(1),
    });
    await expect(attempt).rejects.toThrow(/breaks its contract/);
    await expect(attempt).rejects.not.toBeInstanceOf(ValidationError);
  });
});

describe('deriveId', () => {
  it('is a deterministic, well-formed uuid that depends on every part', () => {
    const id = deriveId('k', 'page-1', 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deriveId('k', 'page-1', 0)).toBe(id);
    expect(deriveId('k', 'page-1', 1)).not.toBe(id);
    expect(deriveId('k', 'page-2', 0)).not.toBe(id);
    expect(deriveId('k2', 'page-1', 0)).not.toBe(id);
  });
});
