import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START as ENGINE_START,
  StreamDeletedError,
  StreamNotFoundError as EngineStreamNotFoundError,
  WrongExpectedVersionError as EngineWrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamRecordedEvent,
  type AllStreamSubscription,
  type Filter,
  type JSONType,
  type RecordedEvent as EngineRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import type { EventMetadata } from '@platform/contracts/metadata';
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
  type EngineFilter,
} from './eventstoredb-mapping.ts';
import {
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  expectationHolds,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedVersion,
  type GlobalPosition,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type SubscriptionBatch,
} from './port.ts';

export interface EventStoreDbEventStoreOptions {
  /** a client the caller made and closes; or `url` */
  client?: KurrentDBClient;
  /** connection string: kurrentdb://host:2113?tls=false (esdb:// is accepted by the client too) */
  url?: string;
  /** when given, payloads are validated on append and upcast on read */
  contracts?: EventContractRegistry;
  /** longest a live subscription sleeps without a ring of the doorbell before it looks again (safety net only) */
  idleRecheckMs?: number;
}

/** How many events the engine may pass over in a filtered read before it answers (its search window). */
const SEARCH_WINDOW = 4096;

/**
 * The event store port on EventStoreDB / KurrentDB (ADR 0049), through the maintained gRPC client.
 * - Positions are the log positions of the events (`toGlobalPosition`); `$all` order is numeric order.
 * - Catch-up reads page through `$all` with the engine's server-side filter; a live subscriber waits on one
 *   server subscription per adapter (the doorbell), which only says that something was appended, then reads
 *   again: every batch, its checkpoint and the growth of batches are the same code as in catch-up.
 * - System events (a `$` type or stream) are not part of the port's `$all`.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly ownsClient: boolean;
  private readonly contracts?: EventContractRegistry;
  private readonly idleRecheckMs: number;
  private readonly doorbell: Doorbell;

  constructor(options: EventStoreDbEventStoreOptions) {
    if (options.client) {
      this.client = options.client;
      this.ownsClient = false;
    } else if (options.url) {
      this.client = KurrentDBClient.connectionString(options.url);
      this.ownsClient = true;
    } else {
      throw new Error('EventStoreDbEventStore needs a client or a connection string (EVENTSTORE_URL)');
    }
    this.contracts = options.contracts;
    this.idleRecheckMs = options.idleRecheckMs ?? 5000;
    this.doorbell = new Doorbell(this.client);
  }

  async appendToStream(
    streamId: string,
    events: EventToAppend[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedVersion ?? 'any';
    const streamState = toStreamState(expected);
    if (events.length === 0) return this.appendNothing(streamId, expected);
    const data = events.map((e) => {
      const contract = this.contracts?.get(e.type);
      const payload = this.contracts ? this.contracts.validate(e.type, e.data) : e.data;
      const stored = contract?.version ?? e.metadata.schemaVersion ?? 1;
      return jsonEvent({
        id: e.eventId,
        type: e.type,
        data: payload as JSONType,
        metadata: toStoredMetadata(
          { ...e.metadata, eventId: e.eventId, schemaVersion: contract?.version ?? 1 },
          stored,
        ) as unknown as JSONType,
      });
    });
    try {
      const result = await this.client.appendToStream(streamId, data, { streamState });
      // the commit position of the append's last event; missing (some versions answer an idempotent retry
      // without one): that event's own position, read back
      const position = result.position
        ? toGlobalPosition(result.position, `the append to ${streamId}`)
        : await this.positionOf(streamId, result.nextExpectedRevision);
      return { nextExpectedVersion: result.nextExpectedRevision, position };
    } catch (error) {
      if (error instanceof EngineWrongExpectedVersionError) {
        throw toWrongExpectedVersion(streamId, expected, error.actualState);
      }
      throw error;
    }
  }

  /** An empty append checks the expected version and stores nothing (the engine is not asked to write). */
  private async appendNothing(streamId: string, expected: ExpectedVersion): Promise<AppendResult> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 }).catch(
      (error: unknown) => {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      },
    );
    const current = last ? last.streamVersion : -1n;
    if (!expectationHolds(expected, current)) {
      throw new WrongExpectedVersionError(streamId, expected, current < 0n ? 'no_stream' : current);
    }
    return { nextExpectedVersion: current, position: START };
  }

  private async positionOf(streamId: string, revision: bigint): Promise<GlobalPosition> {
    for await (const resolved of this.client.readStream(streamId, {
      fromRevision: revision,
      maxCount: 1,
    })) {
      if (resolved.event) return toGlobalPosition(resolved.event.position, `${streamId}@${revision}`);
    }
    throw new Error(`The append to ${streamId} answered revision ${revision}, which cannot be read`);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.from ?? (backwards ? 'end' : 'start');
    if (!backwards && from === 'end') return [];
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: from === 'start' ? ENGINE_START : from === 'end' ? END : from,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      })) {
        if (resolved.event) events.push(this.toRecordedEvent(resolved.event, true));
      }
    } catch (error) {
      if (error instanceof EngineStreamNotFoundError || error instanceof StreamDeletedError) {
        throw new StreamNotFoundError(streamId);
      }
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? 4096;
    const engineFilter = toEngineFilter(options.filter);
    const events: RecordedEvent[] = [];
    let cursor = options.fromPosition ?? START;
    while (events.length < limit) {
      const page = await this.readPage(cursor, engineFilter, limit - events.length, true);
      events.push(...page.events);
      if (page.reachedEnd || page.lastScanned === null) break;
      cursor = page.lastScanned;
    }
    return events;
  }

  async *subscribeToAll(options: SubscribeOptions = {}): AsyncIterable<SubscriptionBatch> {
    const { signal } = options;
    const engineFilter = toEngineFilter(options.filter);
    const batchSize = options.batchSize ?? 1000;
    const maxBatchSize = Math.max(batchSize, options.maxBatchSize ?? batchSize);
    const withPayload = options.withPayload ?? true;
    let size = batchSize;
    let cursor = options.fromPosition ?? START;
    let behind = false;
    // rung before the first read: an append after the doorbell listens is seen by a read or rings it
    const listener = this.doorbell.listen();
    const onAbort = () => listener.interrupt();
    signal?.addEventListener('abort', onAbort);
    try {
      await listener.ready();
      while (!signal?.aborted) {
        listener.reset();
        // the head, read before the page: a page that reaches the end of `$all` has scanned past it
        const head = behind ? null : await this.headPosition();
        const page = await this.readPage(cursor, engineFilter, size, withPayload);
        const { next, more } = nextCursor(cursor, page, head);
        // far behind: larger pages; at the head: back to the small ones
        size = more ? Math.min(size * 2, maxBatchSize) : batchSize;
        behind = more;
        if (next !== cursor) {
          cursor = next;
          yield { events: page.events, checkpoint: cursor };
        }
        // a page that reached the end without a head read before it: read the head (and the page) once more, so
        // that the checkpoint passes what the filter skipped before the subscriber waits
        if (more || head === null || signal?.aborted) continue;
        await listener.wait(this.idleRecheckMs);
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      listener.close();
    }
  }

  async comparePositions(a: GlobalPosition, b: GlobalPosition): Promise<number> {
    return comparePositions(a, b);
  }

  /**
   * The last platform event of `$all`. The engine shows an acknowledged event to every reader at once (it
   * indexes the log in order before it answers the append), so the visible head and the last committed position
   * are the same.
   */
  async headPosition(): Promise<GlobalPosition> {
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: excludeSystemEvents({ maxSearchWindow: SEARCH_WINDOW }),
    })) {
      if (resolved.event) return toGlobalPosition(resolved.event.position, 'the last event');
    }
    return START;
  }

  lastCommittedPosition(): Promise<GlobalPosition> {
    return this.headPosition();
  }

  async close(): Promise<void> {
    this.doorbell.close();
    if (this.ownsClient) await this.client.dispose();
  }

  /**
   * Up to `limit` events after `cursor` that pass the filter. The engine filters on one thing (stream names or
   * event types); `keep` checks the rest here, so the page also says how far it scanned (`lastScanned`: the last
   * event the engine gave, kept or not) and whether it reached the end of `$all`.
   */
  private async readPage(
    cursor: GlobalPosition,
    filter: EngineFilter,
    limit: number,
    withPayload: boolean,
  ): Promise<Page> {
    const asked = askedFor(cursor, limit);
    const given = this.client.readAll({
      direction: FORWARDS,
      fromPosition: toReadPosition(cursor),
      maxCount: asked,
      filter: serverFilter(filter),
    });
    async function* placed() {
      for await (const resolved of given) {
        const recorded = resolved.event;
        yield recorded
          ? {
              recorded,
              streamId: recorded.streamId,
              type: recorded.type,
              position: toGlobalPosition(recorded.position, `${recorded.streamId}@${recorded.revision}`),
            }
          : undefined;
      }
    }
    const page = await scanPage(placed(), cursor, limit, asked, filter.keep);
    return {
      events: page.kept.map((e) => this.toRecordedEvent(e.recorded, withPayload)),
      lastScanned: page.lastScanned,
      reachedEnd: page.reachedEnd,
    };
  }

  private toRecordedEvent(
    recorded: EngineRecordedEvent | AllStreamRecordedEvent,
    withPayload: boolean,
  ): RecordedEvent {
    const { metadata, schemaVersion } = fromStoredMetadata(recorded.metadata);
    const header = {
      eventId: recorded.id,
      type: recorded.type,
      streamId: recorded.streamId,
      streamVersion: recorded.revision,
      globalPosition: toGlobalPosition(recorded.position, `${recorded.streamId}@${recorded.revision}`),
      recordedAt: recorded.created,
    };
    if (!withPayload) return new HeaderOnlyEvent(header);
    const contract = this.contracts?.get(recorded.type);
    const data =
      contract && this.contracts && schemaVersion < contract.version
        ? this.contracts.upcast(recorded.type, recorded.data, schemaVersion)
        : recorded.data;
    return { ...header, data, metadata };
  }
}

interface Page {
  events: RecordedEvent[];
  lastScanned: GlobalPosition | null;
  reachedEnd: boolean;
}

function serverFilter(filter: EngineFilter): Filter {
  const options = { regex: filter.regex, maxSearchWindow: SEARCH_WINDOW };
  return filter.filterOn === 'streamName' ? streamNameFilter(options) : eventTypeFilter(options);
}

type Header = Pick<
  RecordedEvent,
  'eventId' | 'type' | 'streamId' | 'streamVersion' | 'globalPosition' | 'recordedAt'
>;

/** An event delivered without its payload (SubscribeOptions.withPayload): reading `data` or `metadata` throws. */
class HeaderOnlyEvent implements RecordedEvent {
  readonly eventId: string;
  readonly type: string;
  readonly streamId: string;
  readonly streamVersion: bigint;
  readonly globalPosition: bigint;
  readonly recordedAt: Date;
  constructor(header: Header) {
    this.eventId = header.eventId;
    this.type = header.type;
    this.streamId = header.streamId;
    this.streamVersion = header.streamVersion;
    this.globalPosition = header.globalPosition;
    this.recordedAt = header.recordedAt;
  }
  get data(): unknown {
    throw new Error(`${this.type} was read without its payload`);
  }
  get metadata(): EventMetadata {
    throw new Error(`${this.type} was read without its metadata`);
  }
}

interface DoorbellListener {
  /** resolves once the server subscription is confirmed (or has failed: the idle recheck then covers) */
  ready(): Promise<void>;
  reset(): void;
  /** until a ring since the last reset, `interrupt()`, or `ms` */
  wait(ms: number): Promise<void>;
  interrupt(): void;
  close(): void;
}

/**
 * One live server subscription to `$all` (from its end, system events excluded) per adapter, shared by every
 * subscriber of the process: any event it receives rings every listener, which then reads `$all` itself. Opened
 * with the first listener, closed with the last; reopened after an error by the next wait.
 */
class Doorbell {
  private subscription: AllStreamSubscription | null = null;
  private confirmed: Promise<void> | null = null;
  private readonly listeners = new Set<{ ring(): void }>();

  constructor(private readonly client: KurrentDBClient) {}

  listen(): DoorbellListener {
    let rung = false;
    let wake: (() => void) | null = null;
    const entry = {
      ring: () => {
        rung = true;
        wake?.();
      },
    };
    this.listeners.add(entry);
    this.open();
    return {
      ready: () => this.confirmed ?? Promise.resolve(),
      reset: () => {
        rung = false;
      },
      wait: async (ms) => {
        if (rung) return;
        this.open();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      },
      interrupt: () => wake?.(),
      close: () => {
        this.listeners.delete(entry);
        if (this.listeners.size === 0) this.close();
      },
    };
  }

  private open() {
    if (this.subscription) return;
    const subscription = this.client.subscribeToAll({
      fromPosition: END,
      filter: excludeSystemEvents(),
    });
    this.subscription = subscription;
    this.confirmed = new Promise<void>((resolve) => {
      subscription.once('confirmation', () => resolve());
      subscription.once('error', () => resolve());
      subscription.once('close', () => resolve());
    });
    const ringAll = () => {
      for (const listener of this.listeners) listener.ring();
    };
    subscription.on('data', ringAll);
    subscription.on('error', () => {
      // dropped: every listener reads again (nothing is lost: reads, not this stream, deliver the events), and
      // the next wait opens a new subscription
      if (this.subscription === subscription) this.subscription = null;
      ringAll();
    });
    subscription.on('close', () => {
      if (this.subscription === subscription) this.subscription = null;
    });
  }

  close() {
    const subscription = this.subscription;
    this.subscription = null;
    this.confirmed = null;
    void subscription?.unsubscribe().catch(() => undefined);
  }
}
