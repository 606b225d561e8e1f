import { describe, expect, it } from 'vitest';
import {
  askedFor,
  comparePositions,
  fromStoredMetadata,
  nextCursor,
  scanPage,
  toEngineFilter,
  toGlobalPosition,
  toReadPosition,
  toStoredMetadata,
  toStreamState,
  toWrongExpectedVersion,
  UnsupportedPositionError,
} from './eventstoredb-mapping.ts';
import type { EventMetadata } from '@platform/contracts/metadata';
import { START, WrongExpectedVersionError, expectationHolds } from './port.ts';

// The mappings of the EventStoreDB adapter, checked without an engine (ADR 0049). The adapter against a real engine
// runs in eventstoredb-event-store.int.test.ts where a container engine is reachable.

describe('positions', () => {
  it("takes an event's log position when commit and prepare agree (every append since the gRPC API)", () => {
    expect(toGlobalPosition({ commit: 1234n, prepare: 1234n })).toBe(1234n);
  });

  it('refuses an event of an explicit transaction rather than misplace it', () => {
    expect(() => toGlobalPosition({ commit: 5000n, prepare: 4200n })).toThrow(UnsupportedPositionError);
    expect(() => toGlobalPosition({ commit: 5000n, prepare: 4200n })).toThrow(/explicit transaction/);
  });

  it('refuses a missing position and one that no PostgreSQL bigint holds', () => {
    expect(() => toGlobalPosition(undefined)).toThrow(UnsupportedPositionError);
    const max = 2n ** 64n - 1n; // the "no position" of some answers
    expect(() => toGlobalPosition({ commit: max, prepare: max })).toThrow(UnsupportedPositionError);
    expect(toGlobalPosition({ commit: 2n ** 63n - 1n, prepare: 2n ** 63n - 1n })).toBe(2n ** 63n - 1n);
  });

  it('reads from the start for START and from the event itself otherwise', () => {
    expect(toReadPosition(START)).toBe('start');
    expect(toReadPosition(7171n)).toEqual({ commit: 7171n, prepare: 7171n });
    expect(() => toReadPosition(-1n)).toThrow(RangeError);
  });

  it('orders positions as numbers, START first', () => {
    const positions = [9_000_000_000n, 0n, 512n, 8_000n];
    expect([...positions].sort(comparePositions)).toEqual([0n, 512n, 8_000n, 9_000_000_000n]);
    expect(comparePositions(512n, 512n)).toBe(0);
    expect(comparePositions(START, 1n)).toBeLessThan(0);
  });
});

describe('expected versions', () => {
  it("maps the port's expectations to the client's stream states", () => {
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState('no_stream')).toBe('no_stream');
    expect(toStreamState('stream_exists')).toBe('stream_exists');
    expect(toStreamState(4n)).toBe(4n);
    expect(() => toStreamState(-1n)).toThrow(RangeError);
  });

  it("turns the client's refusal into the port's, with the actual revision or no_stream", () => {
    const refused = toWrongExpectedVersion('note-1', 0n, 3n);
    expect(refused).toBeInstanceOf(WrongExpectedVersionError);
    expect(refused).toMatchObject({ streamId: 'note-1', expectedVersion: 0n, actualVersion: 3n });
    expect(toWrongExpectedVersion('note-2', 'stream_exists', 'no_stream').actualVersion).toBe('no_stream');
  });

  it('checks an empty append as the engine would', () => {
    expect(expectationHolds('no_stream', -1n)).toBe(true);
    expect(expectationHolds('no_stream', 0n)).toBe(false);
    expect(expectationHolds('stream_exists', -1n)).toBe(false);
    expect(expectationHolds(2n, 2n)).toBe(true);
    expect(expectationHolds(2n, 3n)).toBe(false);
  });
});

describe('filters', () => {
  const regex = (source: string) => new RegExp(source);

  it('puts categories on stream names: a category and its streams, nothing that only begins alike', () => {
    const f = toEngineFilter({ categories: ['page', 'rental'] });
    expect(f.filterOn).toBe('streamName');
    const matches = (stream: string) => regex(f.regex).test(stream);
    expect(matches('page-1f2e')).toBe(true);
    expect(matches('rental-9')).toBe(true);
    expect(matches('page')).toBe(true);
    expect(matches('pages-1')).toBe(false);
    expect(matches('user-page-1')).toBe(false);
  });

  it('puts event types on types, whole names only', () => {
    const f = toEngineFilter({ eventTypes: ['PagePublished', 'RentalBooked'] });
    expect(f.filterOn).toBe('eventType');
    const matches = (type: string) => regex(f.regex).test(type);
    expect(matches('PagePublished')).toBe(true);
    expect(matches('PagePublishedAgain')).toBe(false);
    expect(matches('OldPagePublished')).toBe(false);
  });

  it('escapes what a regular expression would read as syntax', () => {
    const f = toEngineFilter({ categories: ['a.b', 'c+d'] });
    expect(regex(f.regex).test('a.b-1')).toBe(true);
    expect(regex(f.regex).test('axb-1')).toBe(false);
    expect(regex(f.regex).test('ccd-1')).toBe(false);
    expect(regex(f.regex).test('c+d-1')).toBe(true);
  });

  it('with both, filters types on the server and keeps the categories itself', () => {
    const f = toEngineFilter({ categories: ['page'], eventTypes: ['Opened'] });
    expect(f.filterOn).toBe('eventType');
    expect(regex(f.regex).test('Opened')).toBe(true);
    expect(f.keep({ streamId: 'page-1', type: 'Opened' })).toBe(true);
    expect(f.keep({ streamId: 'rental-1', type: 'Opened' })).toBe(false);
  });

  it('without one, excludes system events on the server, and always drops them itself', () => {
    const f = toEngineFilter(undefined);
    expect(regex(f.regex).test('$statsCollected')).toBe(false);
    expect(regex(f.regex).test('PagePublished')).toBe(true);
    expect(f.keep({ streamId: '$stats-1', type: 'Collected' })).toBe(false);
    expect(toEngineFilter({ categories: ['page'] }).keep({ streamId: 'page-1', type: '$>' })).toBe(false);
    expect(toEngineFilter({ eventTypes: [] }).filterOn).toBe('eventType');
  });
});

describe('metadata', () => {
  const metadata: EventMetadata = {
    eventId: 'e1',
    correlationId: 'c1',
    causationId: 'k1',
    actor: { userId: 'u1', actingAsOrganizationId: null, impersonatorId: null },
    recordedAt: '2026-01-02T03:04:05.000Z',
    schemaVersion: 2,
  };

  it("adds the engine's correlation keys and the stored schema version, and removes them when read", () => {
    const stored = toStoredMetadata(metadata, 1);
    expect(stored).toMatchObject({ $correlationId: 'c1', $causationId: 'k1', $schemaVersion: 1 });
    expect(fromStoredMetadata(JSON.parse(JSON.stringify(stored)))).toEqual({ metadata, schemaVersion: 1 });
  });

  it('reads metadata written by another writer without failing', () => {
    expect(fromStoredMetadata(undefined).schemaVersion).toBe(1);
    expect(fromStoredMetadata({ schemaVersion: 3 }).schemaVersion).toBe(3);
  });
});

describe('pages and checkpoints', () => {
  const log = (positions: number[], streamOf = (p: number) => `note-${p}`) =>
    positions.map((p) => ({ position: BigInt(p), streamId: streamOf(p), type: 'Noted' }));
  async function* given<E>(events: E[]) {
    yield* events;
  }
  const all = () => true;

  it("drops the cursor's own event, which an inclusive read gives again, and asks for one more", async () => {
    expect(askedFor(START, 3)).toBe(3);
    expect(askedFor(100n, 3)).toBe(4);
    const page = await scanPage(given(log([100, 200, 300, 400])), 100n, 3, 4, all);
    expect(page.kept.map((e) => e.position)).toEqual([200n, 300n, 400n]);
    expect(page.reachedEnd).toBe(false);
  });

  it('stops at the limit when the filter left the cursor out of the answer: more follow', async () => {
    const page = await scanPage(given(log([200, 300, 400, 500])), 100n, 3, 4, all);
    expect(page.kept.map((e) => e.position)).toEqual([200n, 300n, 400n]);
    expect(page.lastScanned).toBe(400n);
    expect(page.reachedEnd).toBe(false);
  });

  it('knows it reached the end when the engine gave fewer than asked', async () => {
    const page = await scanPage(given(log([100, 200])), 100n, 3, 4, all);
    expect(page.kept.map((e) => e.position)).toEqual([200n]);
    expect(page.reachedEnd).toBe(true);
  });

  it('scans past events it does not keep, and counts them as given', async () => {
    const events = log([100, 200, 300, 400], (p) => (p === 300 ? 'other-1' : 'note-1'));
    const page = await scanPage(given(events), 100n, 3, 4, (e) => e.streamId === 'note-1');
    expect(page.kept.map((e) => e.position)).toEqual([200n, 400n]);
    expect(page.lastScanned).toBe(400n);
    expect(page.reachedEnd).toBe(false);
  });

  it('moves a subscriber past the head it read before a page that reached the end', () => {
    expect(nextCursor(100n, { lastScanned: null, reachedEnd: true }, 900n)).toEqual({
      next: 900n,
      more: false,
    });
    expect(nextCursor(100n, { lastScanned: 950n, reachedEnd: true }, 900n)).toEqual({
      next: 950n,
      more: false,
    });
    expect(nextCursor(100n, { lastScanned: null, reachedEnd: true }, null)).toEqual({
      next: 100n,
      more: false,
    });
    expect(nextCursor(100n, { lastScanned: null, reachedEnd: true }, 50n)).toEqual({
      next: 100n,
      more: false,
    });
  });

  it('moves a subscriber that stopped short of the end to the last event scanned, never to the head', () => {
    expect(nextCursor(100n, { lastScanned: 400n, reachedEnd: false }, 900n)).toEqual({
      next: 400n,
      more: true,
    });
  });
});
