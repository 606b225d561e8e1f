import { newEventId } from '@platform/contracts/metadata';
import type { EventToAppend } from '@platform/infra/event-store';

/** Stream categories of the platform; the replay projection counts events per category. */
export const CATEGORIES = ['page', 'rental', 'badge', 'user'] as const;
export const EVENT_TYPES = [
  'BenchPageSaved',
  'BenchRentalBooked',
  'BenchBadgeIssued',
  'BenchUserRenamed',
] as const;

const BODY = 'The platform lends assistive-technology devices to its members. '.repeat(2);

export function streamIdFor(category: number, key: string): string {
  return `${CATEGORIES[category % CATEGORIES.length]}-${key}`;
}

/**
 * A realistic event (about 500 bytes of JSON) with an id as the platform makes them (UUIDv7): the same rows go to
 * every subject.
 */
export function makeEvent(streamId: string, n: number): EventToAppend {
  const eventId = newEventId();
  const category = CATEGORIES.indexOf(
    streamId.slice(0, streamId.indexOf('-')) as (typeof CATEGORIES)[number],
  );
  return {
    eventId,
    type: EVENT_TYPES[Math.max(category, 0)]!,
    data: { title: `Item ${n}`, path: `/bench/${n}`, body: BODY, quantity: n % 7 },
    metadata: {
      eventId,
      correlationId: eventId,
      causationId: eventId,
      actor: {
        userId: '00000000-0000-4000-8000-000000000001',
        actingAsOrganizationId: null,
        impersonatorId: null,
      },
      recordedAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

export interface AppendOutcome {
  ok: boolean;
}

/**
 * What every subject (our event store, raw INSERTs, Emmett) offers the scenarios. Versions are ours:
 * `expected` is the revision of the stream's last event, -1n for a stream that does not exist yet.
 */
export interface Subject {
  readonly name: SubjectName;
  /** whether catchUp and replay stop after `cap` events */
  readonly capped: boolean;
  /** resolves to false on a version conflict */
  append(streamId: string, expected: bigint, events: EventToAppend[]): Promise<boolean>;
  /**
   * Reads `$all` from the start to the head in pages, telling `onEvent` each event id delivered. A subject too
   * slow to read everything within the time budget (Emmett) stops after about `cap` events.
   */
  catchUp(pageSize: number, cap: number, onEvent: (eventId: string) => void): Promise<void>;
  /**
   * Rebuilds the category-count projection from position 0; resolves to the number of events applied. A
   * subject too slow to replay everything within the time budget (Emmett) stops after `cap` events.
   */
  replay(batchSize: number, cap: number): Promise<number>;
  /** starts a live subscriber from the head; `onEvents` receives the ids of each delivered batch */
  subscribe(onEvents: (eventIds: string[]) => void): Promise<{ stop(): Promise<void> }>;
  /** every row the subject stores, to check that no append was lost */
  count(): Promise<number>;
  close(): Promise<void>;
}

export type SubjectName = 'ours' | 'raw' | 'emmett';

/** Runs `n` concurrent async workers to completion and resolves to the elapsed milliseconds. */
export async function timeWorkers(n: number, worker: (index: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  await Promise.all(Array.from({ length: n }, (_, i) => worker(i)));
  return performance.now() - started;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
