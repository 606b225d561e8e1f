import { createHash } from 'node:crypto';
import { ConflictError, DomainError, type ErrorCode } from '@platform/contracts/errors';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import type { CommandMetadata } from '@platform/contracts/metadata';
import {
  normalisePath,
  type PathClaimed,
  type PathOwner,
  type PathReleased,
} from '@platform/contracts/paths';
import { loadState, type EventStore } from '@platform/infra/event-store';
import type { Command, Decider, DomainEvent } from '../decider.ts';
import { handleCommand } from '../handler.ts';

/**
 * Values that must be unique across streams: site paths (pages and redirections), organization slugs, users'
 * e-mail addresses, the unique attributes of resources (docs/adr/0002-page-path-claims.md, ADR 0008). No single
 * stream sees every holder, and a read-model check before writing would race; so each normalised value has a
 * claim stream `<scope category>-<sha1(value)>` that owns the invariant. A claim is appended with the stream's
 * expected version, so of two writers racing for one value exactly one wins.
 *
 * Order: claim the new value, record the holder's own event, then release the old value. `withUniqueValues`
 * runs that sequence; `claimUniqueValue` and `releaseUniqueValue` are its two steps.
 *
 * The claim streams and their events (`PathClaimed`, `PathReleased`, whose data names the value `path`) were
 * first written for site paths and keep those names: stored events are never rewritten.
 */

/** What is claimed: a stream category of its own, a normal form, and how a conflict is told. */
export interface UniqueValueScope {
  /** stream category of the claims, e.g. 'pathclaim' -> `pathclaim-<sha1(value)>` */
  category: string;
  normalise(value: string): string;
  conflictCode: Extract<ErrorCode, `conflict.${string}`>;
  /** how a conflict names the value: 'path', 'slug', 'e-mail address' */
  noun: string;
}

/** Site paths: one namespace shared by pages and redirections, compared in their normal form (case kept). */
export const SITE_PATH_SCOPE: UniqueValueScope = {
  category: 'pathclaim',
  normalise: normalisePath,
  conflictCode: 'conflict.duplicate_path',
  noun: 'path',
};

/**
 * Organization slugs (they appear in /organizations/{slug}): compared in lower case; the claims name their holder
 * `organization`, the organizations resource's singular.
 */
export const SLUG_SCOPE: UniqueValueScope = {
  category: 'slugclaim',
  normalise: (value) => value.trim().toLowerCase(),
  conflictCode: 'conflict.duplicate_slug',
  noun: 'slug',
};

/** Who holds a value: the holder's JSON:API type or singular name, and its id. */
export type ValueHolder = PathOwner;

export interface UniqueValueDeps {
  eventStore: EventStore;
  contracts?: EventContractRegistry;
}

export interface ClaimOptions {
  /** JSON pointer of the field a conflict names (409 with the scope's conflict code) */
  pointer?: string;
  /**
   * Whether the current holder still uses the value. A crash between a claim and the holder's own event, or
   * between a change and the release, leaves a stale claim; when the holder's module answers false the value
   * is taken over instead of refused.
   */
  stillHolds?: (holder: ValueHolder, value: string) => Promise<boolean>;
  /**
   * How old a claim must be before `stillHolds` is asked (60 s by default). A younger claim is in the middle
   * of its own command (claimed, the holder's event not yet appended) and must not look stale.
   */
  staleAfterMs?: number;
  /** derives the claim's (and the release's) event id, so a retried request appends nothing new */
  idempotencyKey?: string;
}

type ClaimEvent = DomainEvent<'PathClaimed', PathClaimed> | DomainEvent<'PathReleased', PathReleased>;
type ClaimCommand =
  | Command<
      'ClaimValue',
      {
        value: string;
        holder: ValueHolder;
        staleHolder: ValueHolder | null;
        pointer: string | undefined;
        conflictCode: UniqueValueScope['conflictCode'];
        noun: string;
      }
    >
  | Command<'ReleaseValue', { value: string; holder: ValueHolder }>;
interface ClaimState {
  holder: ValueHolder | null;
}

const sameHolder = (a: ValueHolder | null, b: ValueHolder | null) =>
  a !== null && b !== null && a.type === b.type && a.id === b.id;
const describe = (h: ValueHolder) => `${h.type} ${h.id}`;

export const uniqueValueDecider: Decider<ClaimCommand, ClaimEvent, ClaimState> = {
  initialState: () => ({ holder: null }),
  evolve: (_state, event) => ({ holder: event.type === 'PathClaimed' ? event.data.owner : null }),
  decide(command, state) {
    const { value, holder } = command.data;
    switch (command.type) {
      case 'ClaimValue':
        if (sameHolder(state.holder, holder)) return [];
        if (state.holder !== null && !sameHolder(state.holder, command.data.staleHolder)) {
          throw new ConflictError(
            command.data.conflictCode,
            `the ${command.data.noun} ${value} is already used by ${describe(state.holder)}`,
            command.data.pointer,
          );
        }
        return [{ type: 'PathClaimed', data: { path: value, owner: holder } }];
      case 'ReleaseValue':
        return sameHolder(state.holder, holder)
          ? [{ type: 'PathReleased', data: { path: value, owner: holder } }]
          : [];
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${(exhaustive as ClaimCommand).type}`);
      }
    }
  },
};

export function uniqueValueStreamId(scope: UniqueValueScope, value: string): string {
  return `${scope.category}-${createHash('sha1').update(scope.normalise(value)).digest('hex')}`;
}

/** Who holds the value now (null when nobody does), and since when. */
export async function currentClaim(
  deps: UniqueValueDeps,
  scope: UniqueValueScope,
  value: string,
): Promise<{ holder: ValueHolder | null; claimedAt: Date | null }> {
  const { state, events } = await loadState(
    deps.eventStore,
    uniqueValueStreamId(scope, value),
    uniqueValueDecider,
  );
  const last = events[events.length - 1];
  return {
    holder: state.holder,
    claimedAt: state.holder && last ? new Date(last.metadata.recordedAt) : null,
  };
}

export async function holderOf(
  deps: UniqueValueDeps,
  scope: UniqueValueScope,
  value: string,
): Promise<ValueHolder | null> {
  return (await currentClaim(deps, scope, value)).holder;
}

/**
 * Claims `value` for `holder`. Answers `claimed: false` when the holder has it already; throws a 409 with the
 * scope's conflict code when someone else does (unless `stillHolds` says that claim is stale).
 */
export async function claimUniqueValue(
  deps: UniqueValueDeps,
  scope: UniqueValueScope,
  value: string,
  holder: ValueHolder,
  metadata: CommandMetadata,
  options: ClaimOptions = {},
): Promise<{ position: bigint; claimed: boolean }> {
  const normalised = scope.normalise(value);
  const run = (staleHolder: ValueHolder | null) =>
    handleCommand(deps, {
      streamId: uniqueValueStreamId(scope, normalised),
      decider: uniqueValueDecider,
      command: {
        type: 'ClaimValue',
        data: {
          value: normalised,
          holder,
          staleHolder,
          pointer: options.pointer,
          conflictCode: scope.conflictCode,
          noun: scope.noun,
        },
        metadata,
      },
      ...(options.idempotencyKey !== undefined ? { idempotencyKey: `${options.idempotencyKey}:claim` } : {}),
    });
  let staleHolder: ValueHolder | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await run(staleHolder);
      return { position: result.position, claimed: result.events.length > 0 };
    } catch (error) {
      const duplicate = error instanceof ConflictError && error.code === scope.conflictCode;
      if (!duplicate || !options.stillHolds || attempt >= 2) throw error;
      const { holder: current, claimedAt } = await currentClaim(deps, scope, normalised);
      const age = claimedAt ? metadata.now.getTime() - claimedAt.getTime() : Infinity;
      const recent = age < (options.staleAfterMs ?? 60_000);
      if (
        current !== null &&
        !sameHolder(current, holder) &&
        (recent || (await options.stillHolds(current, normalised)))
      ) {
        throw error;
      }
      // The stale holder is named in the command, so that a third party claiming meanwhile still conflicts.
      staleHolder = current;
    }
  }
}

/** Releases `value` if `holder` has it; a value held by someone else is left alone. */
export async function releaseUniqueValue(
  deps: UniqueValueDeps,
  scope: UniqueValueScope,
  value: string,
  holder: ValueHolder,
  metadata: CommandMetadata,
  options: Pick<ClaimOptions, 'idempotencyKey'> = {},
): Promise<{ position: bigint; released: boolean }> {
  const normalised = scope.normalise(value);
  const result = await handleCommand(deps, {
    streamId: uniqueValueStreamId(scope, normalised),
    decider: uniqueValueDecider,
    command: { type: 'ReleaseValue', data: { value: normalised, holder }, metadata },
    ...(options.idempotencyKey !== undefined ? { idempotencyKey: `${options.idempotencyKey}:release` } : {}),
  });
  return { position: result.position, released: result.events.length > 0 };
}

/** One unique value of a holder, as a command leaves it. */
export interface UniqueValueChange extends Omit<ClaimOptions, 'staleAfterMs'> {
  scope: UniqueValueScope;
  /** the value the holder has after the command (null: none, as after a delete) */
  value: string | null;
  /** the value the holder has before it (null or absent: none, as before a create) */
  previous?: string | null;
  /**
   * Who holds this value, when the claim names the record otherwise than the command's holder does (a scope
   * shared with a hand-written module whose claims name their holder by its singular, as site paths do).
   */
  holder?: ValueHolder;
}

export interface UniqueValuesCommand {
  holder: ValueHolder;
  metadata: CommandMetadata;
  values: UniqueValueChange[];
  /**
   * When the append is refused (a domain error: nothing was recorded), release the values this command has just
   * claimed. Off by default: the holder may have recorded the value meanwhile through a concurrent command of
   * its own, and an unused claim is taken over as stale anyway (`stillHolds`).
   */
  releaseClaimedOnRefusal?: boolean;
}

/**
 * Claim, append, release: claims each new value for the holder (a 409 before anything is recorded when another
 * holder has it), runs `append` (the holder's own event, the one that records the values), and once it went
 * through releases each previous value the holder moved away from. A value whose normal form does not change
 * (a case change of an e-mail address) is neither claimed nor released.
 */
export async function withUniqueValues<T>(
  deps: UniqueValueDeps,
  command: UniqueValuesCommand,
  append: () => Promise<T>,
): Promise<T> {
  const { metadata } = command;
  const changes = command.values.map((change) => {
    const { value, scope } = change;
    const previous = change.previous ?? null;
    const same = value !== null && previous !== null && scope.normalise(value) === scope.normalise(previous);
    const holder = change.holder ?? command.holder;
    return { change, holder, claim: same ? null : value, release: same ? null : previous };
  });

  const claimed: Array<{ scope: UniqueValueScope; value: string; holder: ValueHolder }> = [];
  for (const { change, holder, claim } of changes) {
    if (claim === null) continue;
    const { scope, pointer, stillHolds, idempotencyKey } = change;
    const options = { pointer, stillHolds, idempotencyKey };
    const result = await claimUniqueValue(deps, scope, claim, holder, metadata, options);
    if (result.claimed) claimed.push({ scope, value: claim, holder });
  }

  let appended: T;
  try {
    appended = await append();
  } catch (error) {
    if (command.releaseClaimedOnRefusal && error instanceof DomainError) {
      for (const { scope, value, holder } of claimed) {
        // the refusal is what the caller answers: a failed release leaves a claim that heals as stale
        await releaseUniqueValue(deps, scope, value, holder, metadata).catch(() => {});
      }
    }
    throw error;
  }

  for (const { change, holder, release } of changes) {
    if (release === null) continue;
    await releaseUniqueValue(deps, change.scope, release, holder, metadata, {
      idempotencyKey: change.idempotencyKey,
    });
  }
  return appended;
}
