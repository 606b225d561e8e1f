import { createHash } from 'node:crypto';
import { ConflictError } from '@platform/contracts/errors';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import { newEventId, type EventMetadata } from '@platform/contracts/metadata';
import {
  foldEvents,
  loadState,
  START,
  WrongExpectedVersionError,
  type EventStore,
  type EventToAppend,
  type ExpectedVersion,
  type RecordedEvent,
} from '@platform/infra/event-store';
import type { Command, Decider, DomainEvent } from './decider.ts';

export interface HandlerDeps {
  eventStore: EventStore;
  /** when given, each decided event is validated by its contract and stamped with the contract version */
  contracts?: EventContractRegistry;
}

export interface CommandSpec<C extends Command, E extends DomainEvent, S> {
  streamId: string;
  decider: Decider<C, E, S>;
  command: C;
  /** the stream version the client saw (If-Match): a mismatch is an immediate conflict, never retried */
  expectedVersion?: bigint;
  /** derives the event ids, so that a retried request appends nothing and gets the first answer */
  idempotencyKey?: string;
  /** how many times a conflict with a concurrent writer is retried (only without expectedVersion) */
  maxRetries?: number;
  /**
   * The version an If-Match is compared with when the stream holds more than the record (a resource sharing its
   * stream with other events): the revision of the record's own last event. The append still expects the loaded
   * stream version, so a concurrent writer is retried and the If-Match checked again against the new state.
   */
  recordVersion?: (stored: readonly RecordedEvent[]) => bigint | 'no_stream';
  /**
   * The stream is new to this command (its id drawn by the server, a random UUID): the first attempt decides on
   * the initial state and appends expecting no stream, without reading it first (one round trip fewer: an
   * upload's record); a stream that exists after all fails that append and is then read and decided on as usual.
   */
  freshStream?: boolean;
}

export interface CommandResult<E extends DomainEvent = DomainEvent> {
  streamId: string;
  /** revision of the stream's last event (-1n when the stream is still empty) */
  nextExpectedVersion: bigint;
  /** global position of the last event of the answer (what a query passes as minPosition) */
  position: bigint;
  events: Array<{ type: E['type']; data: E['data']; eventId: string }>;
}

/**
 * A deterministic uuid (version 5 layout, sha-256 digest) from an idempotency key and the parts that scope
 * it. The same request always derives the same ids, which is what makes a retried command a no-op.
 */
export function deriveId(key: string, ...parts: Array<string | number | bigint>): string {
  const bytes = createHash('sha256')
    .update([key, ...parts.map(String)].join(':'))
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The answer given the first time: the events stored under the key's derived ids, in order. */
function previousAnswer<E extends DomainEvent>(
  streamId: string,
  stored: RecordedEvent[],
  key: string,
): CommandResult<E> | null {
  const byId = new Map(stored.map((e) => [e.eventId, e]));
  const found: RecordedEvent[] = [];
  for (let i = 0; ; i++) {
    const event = byId.get(deriveId(key, streamId, i));
    if (!event) break;
    found.push(event);
  }
  const last = found[found.length - 1];
  if (!last) return null;
  return {
    streamId,
    nextExpectedVersion: last.streamVersion,
    position: last.globalPosition,
    events: found.map((e) => ({ type: e.type as E['type'], data: e.data as E['data'], eventId: e.eventId })),
  };
}

function conflict(streamId: string, expected: ExpectedVersion, actual: bigint | 'no_stream'): ConflictError {
  return new ConflictError(
    'conflict.wrong_expected_version',
    `The ${streamId} stream is at version ${String(actual)}, not ${String(expected)}: reload and try again`,
  );
}

/**
 * Load, fold, decide, append (ARCHITECTURE.md §4). Without a client version a conflict with a concurrent
 * writer is retried against the new state; with one (If-Match) the client decided on what it saw, so a
 * mismatch answers 409 at once. Domain errors thrown by `decide` pass through untouched.
 */
export async function handleCommand<C extends Command, E extends DomainEvent, S>(
  deps: HandlerDeps,
  spec: CommandSpec<C, E, S>,
): Promise<CommandResult<E>> {
  const { eventStore, contracts } = deps;
  const { streamId, decider, command, idempotencyKey } = spec;
  const maxRetries = spec.maxRetries ?? 3;

  for (let attempt = 0; ; attempt++) {
    const {
      state,
      version: loadedVersion,
      events: stored,
    } = attempt === 0 && spec.freshStream && spec.expectedVersion === undefined
      ? { state: foldEvents(decider, []), version: 'no_stream' as const, events: [] as RecordedEvent[] }
      : await loadState(eventStore, streamId, decider);
    if (idempotencyKey !== undefined) {
      const answered = previousAnswer<E>(streamId, stored, idempotencyKey);
      if (answered) return answered;
    }
    const last = stored[stored.length - 1];
    const seen = spec.recordVersion ? spec.recordVersion(stored) : loadedVersion;
    if (spec.expectedVersion !== undefined && spec.expectedVersion !== seen) {
      throw conflict(streamId, spec.expectedVersion, seen);
    }

    const decided = decider.decide(command, state);
    if (decided.length === 0) {
      return {
        streamId,
        nextExpectedVersion: typeof seen === 'bigint' ? seen : -1n,
        position: last ? last.globalPosition : START,
        events: [],
      };
    }

    const toAppend = decided.map((event, index) => toEventToAppend(event, index, spec, contracts));
    const expectedVersion: ExpectedVersion = spec.recordVersion
      ? loadedVersion
      : (spec.expectedVersion ?? loadedVersion);
    try {
      const appended = await eventStore.appendToStream(streamId, toAppend, { expectedVersion });
      return {
        streamId,
        nextExpectedVersion: appended.nextExpectedVersion,
        position: appended.position,
        events: toAppend.map((e) => ({
          type: e.type as E['type'],
          data: e.data as E['data'],
          eventId: e.eventId,
        })),
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // a fresh stream's first attempt, made without reading, is not one of the retries
      const retries = maxRetries + (spec.freshStream ? 1 : 0);
      if ((spec.expectedVersion !== undefined && !spec.recordVersion) || attempt >= retries) {
        throw conflict(streamId, expectedVersion, error.actualVersion);
      }
    }
  }
}

function toEventToAppend<C extends Command, E extends DomainEvent, S>(
  event: E,
  index: number,
  spec: CommandSpec<C, E, S>,
  contracts: EventContractRegistry | undefined,
): EventToAppend {
  const eventId =
    spec.idempotencyKey !== undefined ? deriveId(spec.idempotencyKey, spec.streamId, index) : newEventId();
  const { metadata } = spec.command;
  const eventMetadata: EventMetadata = {
    eventId,
    correlationId: metadata.correlationId,
    causationId: metadata.causationId,
    actor: metadata.actor,
    recordedAt: metadata.now.toISOString(),
    schemaVersion: contracts?.get(event.type)?.version ?? 1,
  };
  return { eventId, type: event.type, data: validated(contracts, event), metadata: eventMetadata };
}

/**
 * A decided event that breaks its contract is a bug in the decider, not bad input: it must surface as a
 * 500, so the ZodError (which the error middleware would render as a 422) is wrapped.
 */
function validated(contracts: EventContractRegistry | undefined, event: DomainEvent): unknown {
  if (!contracts) return event.data;
  try {
    return contracts.validate(event.type, event.data);
  } catch (error) {
    throw new Error(`Decided event ${event.type} breaks its contract`, { cause: error });
  }
}
