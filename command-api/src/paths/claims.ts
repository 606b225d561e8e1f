import { createHash } from 'node:crypto';
import { ConflictError, type ErrorCode } from '@platform/contracts/errors';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import type { CommandMetadata } from '@platform/contracts/metadata';
import {
  normalisePath,
  type PathClaimed,
  type PathOwner,
  type PathReleased,
} from '@platform/contracts/paths';
import { StreamNotFoundError, type EventStore } from '@platform/infra/event-store';
import type { Command, Decider, DomainEvent } from '../decider.ts';
import { handleCommand } from '../handler.ts';

/**
 * Path uniqueness across pages and redirections (docs/adr/0002-page-path-claims.md). Each normalised
 * path has a stream `pathclaim-<sha1(path)>` that owns the invariant: a claim is appended with the
 * stream's expected version, so two writers racing for one path cannot both win. A caller claims before
 * it records the page or redirection event, and releases the old path after a change or a delete.
 */

/**
 * What is claimed. Site paths by default; other values that must be unique across streams (organization
 * slugs, users' e-mail addresses) reuse the same claim streams and decider under a scope of their own: their
 * own stream category, normal form and conflict code.
 */
export interface ClaimScope {
  /** stream category of the claims, e.g. 'pathclaim' -> `pathclaim-<sha1(value)>` */
  category: string;
  normalise(value: string): string;
  conflictCode: Extract<ErrorCode, `conflict.${string}`>;
  /** how a conflict names the value: 'path', 'slug', 'e-mail address' */
  noun: string;
}

export const PATH_SCOPE: ClaimScope = {
  category: 'pathclaim',
  normalise: normalisePath,
  conflictCode: 'conflict.duplicate_path',
  noun: 'path',
};

export interface ClaimDeps {
  eventStore: EventStore;
  contracts?: EventContractRegistry;
}

export interface ClaimOptions {
  /** JSON pointer of the conflict (409 conflict.duplicate_path); /data/attributes/path by default */
  pointer?: string;
  /**
   * Whether the current owner still uses the path. A crash between a claim and the owner's own event, or
   * between a change and the release, leaves a stale claim; when the owner answers false the path is
   * taken over instead of refused.
   */
  stillHolds?: (owner: PathOwner, path: string) => Promise<boolean>;
  /**
   * How old a claim must be before `stillHolds` is asked (60 s by default). A younger claim is in the middle
   * of its own command (claimed, the owner's event not yet appended) and must not look stale.
   */
  staleAfterMs?: number;
  /** derives the claim's event id, so a retried request appends nothing new */
  idempotencyKey?: string;
  /** what is claimed (site paths when absent) */
  scope?: ClaimScope;
}

type ClaimEvent = DomainEvent<'PathClaimed', PathClaimed> | DomainEvent<'PathReleased', PathReleased>;
type ClaimCommand =
  | Command<
      'ClaimPath',
      {
        path: string;
        owner: PathOwner;
        staleOwner: PathOwner | null;
        pointer: string;
        conflictCode?: ClaimScope['conflictCode'];
        noun?: string;
      }
    >
  | Command<'ReleasePath', { path: string; owner: PathOwner }>;
interface ClaimState {
  owner: PathOwner | null;
}

const sameOwner = (a: PathOwner | null, b: PathOwner | null) =>
  a !== null && b !== null && a.type === b.type && a.id === b.id;
const describe = (o: PathOwner) => `${o.type} ${o.id}`;

export const pathClaimDecider: Decider<ClaimCommand, ClaimEvent, ClaimState> = {
  initialState: () => ({ owner: null }),
  evolve: (_state, event) => ({ owner: event.type === 'PathClaimed' ? event.data.owner : null }),
  decide(command, state) {
    const { path, owner } = command.data;
    switch (command.type) {
      case 'ClaimPath':
        if (sameOwner(state.owner, owner)) return [];
        if (state.owner !== null && !sameOwner(state.owner, command.data.staleOwner)) {
          throw new ConflictError(
            command.data.conflictCode ?? 'conflict.duplicate_path',
            `the ${command.data.noun ?? 'path'} ${path} is already used by ${describe(state.owner)}`,
            command.data.pointer,
          );
        }
        return [{ type: 'PathClaimed', data: { path, owner } }];
      case 'ReleasePath':
        return sameOwner(state.owner, owner) ? [{ type: 'PathReleased', data: { path, owner } }] : [];
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${(exhaustive as ClaimCommand).type}`);
      }
    }
  },
};

export function pathClaimStreamId(path: string, scope: ClaimScope = PATH_SCOPE): string {
  return `${scope.category}-${createHash('sha1').update(scope.normalise(path)).digest('hex')}`;
}

/** Who holds the path now (null when nobody does), and since when. */
export async function pathClaim(
  deps: ClaimDeps,
  path: string,
  scope: ClaimScope = PATH_SCOPE,
): Promise<{ owner: PathOwner | null; claimedAt: Date | null }> {
  try {
    const events = await deps.eventStore.readStream(pathClaimStreamId(path, scope));
    const last = events[events.length - 1];
    const owner = events.reduce(
      (s, e) => pathClaimDecider.evolve(s, { type: e.type, data: e.data } as ClaimEvent),
      pathClaimDecider.initialState(),
    ).owner;
    return { owner, claimedAt: owner && last ? new Date(last.metadata.recordedAt) : null };
  } catch (error) {
    if (error instanceof StreamNotFoundError) return { owner: null, claimedAt: null };
    throw error;
  }
}

export async function pathOwner(
  deps: ClaimDeps,
  path: string,
  scope: ClaimScope = PATH_SCOPE,
): Promise<PathOwner | null> {
  return (await pathClaim(deps, path, scope)).owner;
}

/**
 * Claims `path` for `owner`. Answers `claimed: false` when the owner holds it already; throws a 409
 * conflict.duplicate_path when someone else does (unless `stillHolds` says that claim is stale).
 */
export async function claimPath(
  deps: ClaimDeps,
  path: string,
  owner: PathOwner,
  metadata: CommandMetadata,
  options: ClaimOptions = {},
): Promise<{ position: bigint; claimed: boolean }> {
  const scope = options.scope ?? PATH_SCOPE;
  const normalised = scope.normalise(path);
  const pointer = options.pointer ?? '/data/attributes/path';
  const named = scope === PATH_SCOPE ? {} : { conflictCode: scope.conflictCode, noun: scope.noun };
  const run = (staleOwner: PathOwner | null) =>
    handleCommand(deps, {
      streamId: pathClaimStreamId(normalised, scope),
      decider: pathClaimDecider,
      command: {
        type: 'ClaimPath',
        data: { path: normalised, owner, staleOwner, pointer, ...named },
        metadata,
      },
      ...(options.idempotencyKey !== undefined ? { idempotencyKey: `${options.idempotencyKey}:claim` } : {}),
    });
  let staleOwner: PathOwner | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await run(staleOwner);
      return { position: result.position, claimed: result.events.length > 0 };
    } catch (error) {
      const duplicate = error instanceof ConflictError && error.code === scope.conflictCode;
      if (!duplicate || !options.stillHolds || attempt >= 2) throw error;
      const { owner: current, claimedAt } = await pathClaim(deps, normalised, scope);
      const age = claimedAt ? metadata.now.getTime() - claimedAt.getTime() : Infinity;
      const recent = age < (options.staleAfterMs ?? 60_000);
      if (
        current !== null &&
        !sameOwner(current, owner) &&
        (recent || (await options.stillHolds(current, normalised)))
      ) {
        throw error;
      }
      // The stale holder is named in the command, so that a third party claiming meanwhile still conflicts.
      staleOwner = current;
    }
  }
}

/** Releases `path` if `owner` holds it; a path held by someone else is left alone. */
export async function releasePath(
  deps: ClaimDeps,
  path: string,
  owner: PathOwner,
  metadata: CommandMetadata,
  options: Pick<ClaimOptions, 'idempotencyKey' | 'scope'> = {},
): Promise<{ position: bigint; released: boolean }> {
  const scope = options.scope ?? PATH_SCOPE;
  const normalised = scope.normalise(path);
  const result = await handleCommand(deps, {
    streamId: pathClaimStreamId(normalised, scope),
    decider: pathClaimDecider,
    command: { type: 'ReleasePath', data: { path: normalised, owner }, metadata },
    ...(options.idempotencyKey !== undefined ? { idempotencyKey: `${options.idempotencyKey}:release` } : {}),
  });
  return { position: result.position, released: result.events.length > 0 };
}
