import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { defineEvent, EventContractRegistry } from '@platform/contracts/event-contracts';
import type { EventMetadata } from '@platform/contracts/metadata';
import {
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
  type SubscriptionBatch,
} from '@platform/infra/event-store';

/**
 * What an adapter's engine does not promise, each with the reason an adapter cannot offer it. Every other
 * expectation of the suite holds for every adapter.
 */
export interface ContractExceptions {
  /**
   * The engine keeps event ids unique within a stream only (EventStoreDB): an event id stored in one stream does
   * not stop the same id in another.
   */
  eventIdsUniqueWithinStreamOnly?: string;
}

export interface ContractHarness {
  store: EventStore;
  /** expectations this adapter is excused from, with the reason (none for PostgreSQL) */
  exceptions?: ContractExceptions;
  /** an adapter over the same storage whose contract registry knows `Widget*` events (validation, upcasting) */
  storeWithContracts: EventStore;
  /** writes a stored event of an older schema version, as an earlier release would have */
  appendLegacy(streamId: string, type: string, schemaVersion: number, data: unknown): Promise<void>;
  teardown(): Promise<void>;
}

/** The contracts of `storeWithContracts`: `WidgetNamed` at version 2, upcast from version 1's `{ title }`. */
export const widgetContracts = new EventContractRegistry([
  defineEvent('WidgetNamed', z.object({ name: z.string(), size: z.string() }), {
    version: 2,
    upcasters: { 1: (v) => ({ name: (v as { title: string }).title, size: 'unknown' }) },
  }),
]);

export function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    eventId: randomUUID(),
    correlationId: randomUUID(),
    causationId: randomUUID(),
    actor: { userId: 'user-1', actingAsOrganizationId: 'org-1', impersonatorId: null },
    recordedAt: new Date('2026-01-02T03:04:05.000Z').toISOString(),
    schemaVersion: 1,
    ...overrides,
  };
}

export function event(type = 'Noted', data: unknown = { n: 1 }): EventToAppend {
  const m = metadata();
  return { eventId: m.eventId, type, data, metadata: m };
}

/**
 * `$all` shows an acknowledged event once every transaction that began before it has finished (other test
 * files share the cluster), so reads of `$all` right after an append wait for that first.
 */
async function untilVisible(store: EventStore, position: bigint) {
  const deadline = Date.now() + 10_000;
  while ((await store.comparePositions(await store.headPosition(), position)) < 0) {
    if (Date.now() > deadline) throw new Error(`position ${position} never became visible`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const uniqueStream = (category = 'note') => `${category}-${randomUUID()}`;

async function collect(iterable: AsyncIterable<SubscriptionBatch>, until: (events: number) => boolean) {
  const received: SubscriptionBatch[] = [];
  let count = 0;
  for await (const batch of iterable) {
    received.push(batch);
    count += batch.events.length;
    if (until(count)) break;
  }
  return received;
}

/** The behaviour every EventStore adapter must have (ARCHITECTURE.md §3). */
export function eventStoreContract(name: string, makeHarness: () => Promise<ContractHarness>) {
  describe(`${name} satisfies the event store contract`, () => {
    let h: ContractHarness;
    beforeAll(async () => {
      h = await makeHarness();
    });
    afterAll(async () => {
      await h?.teardown();
    });

    describe('appendToStream', () => {
      it('creates a stream with no_stream and answers revision 0 and a position', async () => {
        const stream = uniqueStream();
        const result = await h.store.appendToStream(stream, [event()], { expectedVersion: 'no_stream' });
        expect(result.nextExpectedVersion).toBe(0n);
        expect(result.position).toBeGreaterThan(0n);
      });

      it('refuses no_stream on an existing stream with the actual version', async () => {
        const stream = uniqueStream();
        await h.store.appendToStream(stream, [event(), event()]);
        const error = await h.store
          .appendToStream(stream, [event()], { expectedVersion: 'no_stream' })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect((error as WrongExpectedVersionError).actualVersion).toBe(1n);
      });

      it('refuses stream_exists on a missing stream and accepts it on an existing one', async () => {
        const stream = uniqueStream();
        await expect(
          h.store.appendToStream(stream, [event()], { expectedVersion: 'stream_exists' }),
        ).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await h.store.appendToStream(stream, [event()], { expectedVersion: 'no_stream' });
        const r = await h.store.appendToStream(stream, [event()], { expectedVersion: 'stream_exists' });
        expect(r.nextExpectedVersion).toBe(1n);
      });

      it('checks an exact expected version', async () => {
        const stream = uniqueStream();
        const first = await h.store.appendToStream(stream, [event(), event()], {
          expectedVersion: 'no_stream',
        });
        expect(first.nextExpectedVersion).toBe(1n);
        await expect(
          h.store.appendToStream(stream, [event()], { expectedVersion: 0n }),
        ).rejects.toBeInstanceOf(WrongExpectedVersionError);
        const ok = await h.store.appendToStream(stream, [event()], { expectedVersion: 1n });
        expect(ok.nextExpectedVersion).toBe(2n);
        expect(ok.position).toBeGreaterThan(first.position);
      });

      it('refuses an expected version past the end of the stream (no gap in revisions)', async () => {
        const stream = uniqueStream();
        await h.store.appendToStream(stream, [event(), event()]);
        const error = await h.store
          .appendToStream(stream, [event()], { expectedVersion: 5n })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect((error as WrongExpectedVersionError).actualVersion).toBe(1n);
        expect(await h.store.readStream(stream)).toHaveLength(2);
      });

      it('lets exactly one of concurrent appends with the same expected version in', async () => {
        const stream = uniqueStream();
        await h.store.appendToStream(stream, [event()], { expectedVersion: 'no_stream' });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, () => h.store.appendToStream(stream, [event()], { expectedVersion: 0n })),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        for (const o of outcomes.filter((r) => r.status === 'rejected')) {
          expect(o.reason).toBeInstanceOf(WrongExpectedVersionError);
          expect((o.reason as WrongExpectedVersionError).actualVersion).toBe(1n);
        }
        expect((await h.store.readStream(stream)).map((e) => e.streamVersion)).toEqual([0n, 1n]);
      });

      it('stores every one of concurrent `any` appends to one stream, revisions without gaps', async () => {
        const stream = uniqueStream();
        const results = await Promise.all(
          Array.from({ length: 12 }, () => h.store.appendToStream(stream, [event(), event()])),
        );
        expect(results.map((r) => r.nextExpectedVersion).sort((a, b) => Number(a - b))).toEqual(
          Array.from({ length: 12 }, (_, i) => BigInt(2 * i + 1)),
        );
        const versions = (await h.store.readStream(stream)).map((e) => e.streamVersion);
        expect(versions).toEqual(Array.from({ length: 24 }, (_, i) => BigInt(i)));
      });

      it("gives a batch's events positions in revision order, in the stream and in $all", async () => {
        const category = `batch${randomUUID().replaceAll('-', '').slice(0, 12)}`;
        const stream = uniqueStream(category);
        const batch = () => Array.from({ length: 40 }, () => event());
        await h.store.appendToStream(stream, batch(), { expectedVersion: 'no_stream' });
        await h.store.appendToStream(stream, batch(), { expectedVersion: 39n });
        const last = await h.store.appendToStream(stream, batch(), { expectedVersion: 'any' });
        expect(last.nextExpectedVersion).toBe(119n);
        const stored = await h.store.readStream(stream);
        expect(stored.map((e) => e.streamVersion)).toEqual(stored.map((_, i) => BigInt(i)));
        for (let i = 1; i < stored.length; i++) {
          expect(stored[i]!.globalPosition).toBeGreaterThan(stored[i - 1]!.globalPosition);
        }
        await untilVisible(h.store, last.position);
        const all = await h.store.readAll({ filter: { categories: [category] } });
        expect(all.map((e) => e.streamVersion)).toEqual(stored.map((e) => e.streamVersion));
      });

      it('refuses an event id already stored in another stream, and stores nothing', async (context) => {
        if (h.exceptions?.eventIdsUniqueWithinStreamOnly) {
          console.info(`${name}: ${h.exceptions.eventIdsUniqueWithinStreamOnly}`);
          context.skip();
        }
        const taken = event();
        await h.store.appendToStream(uniqueStream(), [taken]);
        const stream = uniqueStream();
        await h.store.appendToStream(stream, [event()]);
        const error = await h.store.appendToStream(stream, [event(), taken]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect((error as WrongExpectedVersionError).actualVersion).toBe(0n);
        expect(await h.store.readStream(stream)).toHaveLength(1);
      });

      it('checks the expected version of an empty append and stores nothing', async () => {
        const stream = uniqueStream();
        await expect(
          h.store.appendToStream(stream, [], { expectedVersion: 'stream_exists' }),
        ).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await h.store.appendToStream(stream, [event()]);
        const r = await h.store.appendToStream(stream, [], { expectedVersion: 0n });
        expect(r.nextExpectedVersion).toBe(0n);
        await expect(
          h.store.appendToStream(stream, [], { expectedVersion: 'no_stream' }),
        ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      });

      it('is idempotent when the same event ids are appended again', async () => {
        const stream = uniqueStream();
        const events = [event(), event()];
        const first = await h.store.appendToStream(stream, events, { expectedVersion: 'no_stream' });
        const retry = await h.store.appendToStream(stream, events, { expectedVersion: 'no_stream' });
        expect(retry).toEqual(first);
        expect(await h.store.readStream(stream)).toHaveLength(2);
      });

      it('refuses a batch that repeats only some stored event ids', async () => {
        const stream = uniqueStream();
        const stored = event();
        await h.store.appendToStream(stream, [stored]);
        await expect(h.store.appendToStream(stream, [stored, event()])).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        expect(await h.store.readStream(stream)).toHaveLength(1);
      });

      it('keeps metadata: ids, correlation, causation, actor, recordedAt', async () => {
        const stream = uniqueStream();
        const e = event('Noted', { text: 'héllo', nested: { list: [1, 2] } });
        await h.store.appendToStream(stream, [e]);
        const [read] = await h.store.readStream(stream);
        expect(read?.eventId).toBe(e.eventId);
        expect(read?.data).toEqual({ text: 'héllo', nested: { list: [1, 2] } });
        expect(read?.metadata).toMatchObject({
          eventId: e.eventId,
          correlationId: e.metadata.correlationId,
          causationId: e.metadata.causationId,
          actor: e.metadata.actor,
          recordedAt: e.metadata.recordedAt,
        });
        expect(read?.streamId).toBe(stream);
        expect(read?.recordedAt).toBeInstanceOf(Date);
      });
    });

    describe('readStream', () => {
      it('reads forwards, backwards, from a revision and with maxCount', async () => {
        const stream = uniqueStream();
        await h.store.appendToStream(
          stream,
          [0, 1, 2, 3, 4].map((n) => event('Noted', { n })),
        );
        const forwards = await h.store.readStream(stream);
        expect(forwards.map((e) => e.streamVersion)).toEqual([0n, 1n, 2n, 3n, 4n]);
        const backwards = await h.store.readStream(stream, { direction: 'backwards', maxCount: 2 });
        expect(backwards.map((e) => (e.data as { n: number }).n)).toEqual([4, 3]);
        const fromTwo = await h.store.readStream(stream, { from: 2n, maxCount: 2 });
        expect(fromTwo.map((e) => e.streamVersion)).toEqual([2n, 3n]);
        const backFromOne = await h.store.readStream(stream, { from: 1n, direction: 'backwards' });
        expect(backFromOne.map((e) => e.streamVersion)).toEqual([1n, 0n]);
      });

      it('throws StreamNotFound for a stream without events', async () => {
        await expect(h.store.readStream(uniqueStream())).rejects.toBeInstanceOf(StreamNotFoundError);
      });
    });

    describe('readAll', () => {
      it('reads after a position, filtered by category and by event type', async () => {
        const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
        const [alpha, beta] = [`alpha${suffix}`, `beta${suffix}`];
        const a = uniqueStream(alpha);
        const b = uniqueStream(beta);
        const first = await h.store.appendToStream(a, [event('Opened'), event('Closed')]);
        await untilVisible(h.store, (await h.store.appendToStream(b, [event('Opened')])).position);
        const ours = { categories: [alpha, beta] };
        const all = await h.store.readAll({ filter: ours });
        expect(all.map((e) => e.streamId)).toEqual([a, a, b]);
        expect(all[1]?.globalPosition).toBe(first.position);
        const onlyAlpha = await h.store.readAll({ filter: { categories: [alpha] } });
        expect(onlyAlpha.map((e) => e.type)).toEqual(['Opened', 'Closed']);
        const opened = await h.store.readAll({ filter: { ...ours, eventTypes: ['Opened'] } });
        expect(opened.map((e) => e.streamId)).toEqual([a, b]);
        const firstTwo = await h.store.readAll({ filter: ours, maxCount: 2 });
        expect(firstTwo).toHaveLength(2);
        const rest = await h.store.readAll({ fromPosition: firstTwo[1]!.globalPosition, filter: ours });
        expect(rest.map((e) => e.streamId)).toEqual([b]);
      });

      it('orders positions consistently with comparePositions and headPosition', async () => {
        const r1 = await h.store.appendToStream(uniqueStream(), [event()]);
        const r2 = await h.store.appendToStream(uniqueStream(), [event()]);
        expect(await h.store.comparePositions(r1.position, r2.position)).toBeLessThan(0);
        expect(await h.store.comparePositions(r2.position, r1.position)).toBeGreaterThan(0);
        expect(await h.store.comparePositions(r2.position, r2.position)).toBe(0);
        expect(await h.store.comparePositions(START, r1.position)).toBeLessThan(0);
        await untilVisible(h.store, r2.position);
        expect(
          await h.store.comparePositions(await h.store.headPosition(), r2.position),
        ).toBeGreaterThanOrEqual(0);
      });
      it('names the last acknowledged append as the last committed position, at or past the visible head', async () => {
        const before = await h.store.lastCommittedPosition();
        const r = await h.store.appendToStream(uniqueStream(), [event(), event()]);
        expect(await h.store.lastCommittedPosition()).toBe(r.position);
        expect(await h.store.comparePositions(before, r.position)).toBeLessThan(0);
        expect(
          await h.store.comparePositions(await h.store.headPosition(), await h.store.lastCommittedPosition()),
        ).toBeLessThanOrEqual(0);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up, then receives live events, and stops on abort', async () => {
        const head = await h.store.headPosition();
        const stream = uniqueStream('sub');
        await h.store.appendToStream(stream, [event('Opened')]);
        const controller = new AbortController();
        const received: string[] = [];
        const done = (async () => {
          for await (const batch of h.store.subscribeToAll({
            fromPosition: head,
            filter: { categories: ['sub'] },
            signal: controller.signal,
          })) {
            received.push(...batch.events.map((e) => e.type));
            if (received.length >= 2) controller.abort();
          }
        })();
        await new Promise((r) => setTimeout(r, 50));
        await h.store.appendToStream(stream, [event('Closed')]);
        await done;
        expect(received).toEqual(['Opened', 'Closed']);
      });

      it('advances a filtered subscriber past events it does not receive', async () => {
        const head = await h.store.headPosition();
        const last = await h.store.appendToStream(uniqueStream('other'), [event(), event()]);
        // the first batch must pass them: events of earlier tests held back at `head` could end it sooner
        await untilVisible(h.store, last.position);
        const controller = new AbortController();
        const batches = await collect(
          h.store.subscribeToAll({
            fromPosition: head,
            filter: { categories: ['nothing-here'] },
            signal: controller.signal,
          }),
          () => true,
        );
        controller.abort();
        expect(batches[0]?.events).toEqual([]);
        expect(await h.store.comparePositions(batches[0]!.checkpoint, last.position)).toBeGreaterThanOrEqual(
          0,
        );
      });

      it('delivers every event of concurrent writers once, each stream in revision order', async () => {
        const category = `conc${randomUUID().replaceAll('-', '').slice(0, 12)}`;
        const streams = Array.from({ length: 4 }, (_, i) => `${category}-${i}`);
        const head = await h.store.headPosition();
        const controller = new AbortController();
        const received: RecordedEvent[] = [];
        const acknowledged = new Set<string>();
        const subscriber = (async () => {
          for await (const batch of h.store.subscribeToAll({
            fromPosition: head,
            filter: { categories: [category] },
            signal: controller.signal,
            batchSize: 7,
          })) {
            received.push(...batch.events);
          }
        })();
        await Promise.all(
          Array.from({ length: 8 }, async (_, w) => {
            for (let i = 0; i < 15; i++) {
              const e = event('Written', { w, i });
              await h.store.appendToStream(streams[(w + i) % streams.length]!, [e]);
              acknowledged.add(e.eventId);
            }
          }),
        );
        // appended after every acknowledged one, so after them in `$all`: once it arrives, they all have (a
        // duplicate too, since the subscription delivers in `$all` order)
        const closing = event('Closing');
        await h.store.appendToStream(streams[0]!, [closing]);
        await expect.poll(() => received.some((e) => e.eventId === closing.eventId)).toBe(true);
        controller.abort();
        await subscriber;
        const ids = received.filter((e) => e.type === 'Written').map((e) => e.eventId);
        expect(ids).toHaveLength(acknowledged.size);
        expect(new Set(ids)).toEqual(acknowledged);
        for (const stream of streams) {
          const versions = received.filter((e) => e.streamId === stream).map((e) => e.streamVersion);
          expect(versions).toEqual(versions.map((_, i) => BigInt(i)));
        }
      });
    });

    describe('growing catch-up batches', () => {
      it('reads larger pages while behind, every event once and in order, then small ones at the head', async () => {
        const head = await h.store.headPosition();
        const category = `grow${randomUUID().slice(0, 8)}`;
        const stream = uniqueStream(category);
        const appended = await h.store.appendToStream(
          stream,
          Array.from({ length: 40 }, (_, n) => event('Counted', { n })),
        );
        await untilVisible(h.store, appended.position);
        const controller = new AbortController();
        const sizes: number[] = [];
        const numbers: number[] = [];
        for await (const batch of h.store.subscribeToAll({
          fromPosition: head,
          filter: { categories: [category] },
          signal: controller.signal,
          batchSize: 2,
          maxBatchSize: 8,
        })) {
          sizes.push(batch.events.length);
          numbers.push(...batch.events.map((e) => (e.data as { n: number }).n));
          if (numbers.length >= 40) break;
        }
        controller.abort();
        expect(numbers).toEqual(Array.from({ length: 40 }, (_, n) => n));
        expect(sizes).toEqual([2, 4, 8, 8, 8, 8, 2]);
      });
    });

    describe('subscribing without payloads', () => {
      it('delivers types, streams and positions, and refuses to read the payload it did not load', async () => {
        const category = `bare${randomUUID().replaceAll('-', '').slice(0, 12)}`;
        const stream = uniqueStream(category);
        const appended = await h.store.appendToStream(stream, [event('Opened', { secret: 1 })]);
        await untilVisible(h.store, appended.position);
        const controller = new AbortController();
        const [batch] = await collect(
          h.store.subscribeToAll({
            filter: { categories: [category] },
            withPayload: false,
            signal: controller.signal,
          }),
          (n) => n >= 1,
        );
        controller.abort();
        const [bare] = batch!.events;
        expect(bare).toMatchObject({ type: 'Opened', streamId: stream, streamVersion: 0n });
        expect(bare!.globalPosition).toBe(appended.position);
        expect(() => bare!.data).toThrow(/without its payload/);
      });
    });

    describe('event contracts', () => {
      it('validates a payload on append against its contract', async () => {
        const stream = uniqueStream('widget');
        await expect(
          h.storeWithContracts.appendToStream(stream, [event('WidgetNamed', { name: 42 })]),
        ).rejects.toThrow();
        await h.storeWithContracts.appendToStream(stream, [
          event('WidgetNamed', { name: 'lift', size: 'large' }),
        ]);
        const [read] = await h.storeWithContracts.readStream(stream);
        expect(read?.data).toEqual({ name: 'lift', size: 'large' });
      });

      it('upcasts an event stored with an older schema version when read', async () => {
        const stream = uniqueStream('widget');
        await h.appendLegacy(stream, 'WidgetNamed', 1, { title: 'ramp' });
        const [read] = await h.storeWithContracts.readStream(stream);
        expect(read?.data).toEqual({ name: 'ramp', size: 'unknown' });
      });
    });
  });
}
