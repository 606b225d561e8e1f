import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import { ConflictError } from '@platform/contracts/errors';
import { loadState, type EventStore } from '@platform/infra/event-store';
import type { CommandModuleDeps, CommandRequest } from '../app.ts';
import { recordEnvironmentUpdated } from '../environment/record.ts';
import { SITE_PATH_SCOPE, type UniqueValueChange, type ValueHolder } from '../claims/unique-values.ts';
import type { CommandResult } from '../handler.ts';
import { pageDecider } from './decide.ts';
import type { PageState } from '@platform/contracts/pages/state';

/** What the page operations need: the event store and the generic command handler. */
export type PagesDeps = Pick<CommandModuleDeps, 'eventStore' | 'handle'> & {
  contracts?: EventContractRegistry;
};

export const TYPE = 'app-pages';
export const pageStreamId = (pageId: string) => `page-${pageId}`;

export interface LoadedPage {
  state: PageState;
  /** the stream's version, or null when the stream does not exist */
  version: bigint | null;
}

export async function loadPage(eventStore: EventStore, pageId: string): Promise<LoadedPage> {
  const { state, version } = await loadState(eventStore, pageStreamId(pageId), pageDecider);
  return { state, version: version === 'no_stream' ? null : version };
}

/**
 * Whether a claim's holder still uses the path (unique-values.ts takes over stale claims). Pages answer for
 * their own claims; a redirection's claim is trusted here (the redirections module answers for those).
 */
export function pageStillHolds(eventStore: EventStore) {
  return async (holder: ValueHolder, path: string): Promise<boolean> => {
    if (holder.type !== 'app-page') return true;
    const { state } = await loadPage(eventStore, holder.id);
    return state.status === 'active' && !state.isDraft && state.fields.path === path;
  };
}

/** The holder of a page's path claim. */
export const pageHolder = (pageId: string): ValueHolder => ({ type: 'app-page', id: pageId });

/** A page's path as a command leaves it, for `withUniqueValues`; claims and releases are keyed as 'path'. */
export const pagePath = (
  deps: PagesDeps,
  request: CommandRequest,
  change: Pick<UniqueValueChange, 'value' | 'previous'>,
): UniqueValueChange => ({
  scope: SITE_PATH_SCOPE,
  pointer: '/data/attributes/path',
  stillHolds: pageStillHolds(deps.eventStore),
  ...keyed(request, 'path'),
  ...change,
});

/** The If-Match check, made before anything is claimed so that a stale request leaves nothing behind. */
export function assertVersion(request: CommandRequest, loaded: LoadedPage, pageId: string): void {
  if (request.expectedVersion === undefined) return;
  const actual = loaded.version ?? 'no_stream';
  if (actual !== request.expectedVersion) {
    throw new ConflictError(
      'conflict.wrong_expected_version',
      `The ${pageStreamId(pageId)} stream is at version ${String(actual)}, not ${String(request.expectedVersion)}: reload and try again`,
    );
  }
}

export const keyed = (request: CommandRequest, ...scope: string[]) =>
  request.idempotencyKey !== undefined
    ? { idempotencyKey: [request.idempotencyKey, ...scope].join(':') }
    : {};

/**
 * Saving or deleting a page that is not a draft marks the app environment as updated (shared CMS agreement);
 * the command's answer then carries that event's position, so a reader waiting for it sees the page too.
 * Nothing is recorded when the command changed nothing.
 */
export async function withEnvironmentUpdate(
  deps: PagesDeps,
  request: CommandRequest,
  result: CommandResult,
  reason: { resourceType: string; resourceId: string; action: 'saved' | 'deleted' },
): Promise<CommandResult> {
  if (result.events.length === 0) return result;
  const { position } = await recordEnvironmentUpdated(deps, {
    metadata: request.metadata,
    reason,
    causeEventIds: result.events.map((e) => e.eventId),
  });
  return { ...result, position };
}

export function isWrongVersion(error: unknown): boolean {
  return error instanceof ConflictError && error.code === 'conflict.wrong_expected_version';
}
