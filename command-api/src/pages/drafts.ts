import { randomUUID } from 'node:crypto';
import { NotFoundError } from '@platform/contracts/errors';
import type { CommandRequest } from '../app.ts';
import { deriveId, type CommandResult } from '../handler.ts';
import { withUniqueValues } from '../claims/unique-values.ts';
import { pageDecider } from './decide.ts';
import {
  TYPE,
  assertVersion,
  isWrongVersion,
  keyed,
  loadPage,
  pageHolder,
  pagePath,
  pageStreamId,
  withEnvironmentUpdate,
  type PagesDeps,
} from './store.ts';

/**
 * Drafts span two streams: the page (its draft link) and the draft's own stream. Each step is idempotent
 * and the page's stream is written first, so a crash between the two appends is completed by a retry or
 * repaired here (a link to a draft that never started is resumed; a link to a deleted draft is cleared).
 */

/** Clears a page's link to a draft that was deleted (a crash after the draft's delete, before the unlink). */
export async function healDraftLink(
  deps: PagesDeps,
  request: CommandRequest,
  pageId: string,
  draftPageId: string,
): Promise<void> {
  const { state } = await loadPage(deps.eventStore, draftPageId);
  if (state.status !== 'deleted') return;
  await deps.handle({
    streamId: pageStreamId(pageId),
    decider: pageDecider,
    command: { type: 'DiscardAppPageDraft', data: { pageId, draftPageId }, metadata: request.metadata },
  });
}

/** Makes a draft of a page: a new page stream holding a copy of the page and its components. */
export async function createDraft(
  deps: PagesDeps,
  request: CommandRequest,
  pageId: string,
): Promise<CommandResult> {
  for (let attempt = 1; ; attempt++) {
    let loaded = await loadPage(deps.eventStore, pageId);
    assertVersion(request, loaded, pageId);
    if (loaded.state.status === 'active' && loaded.state.draftPageId !== null) {
      await healDraftLink(deps, request, pageId, loaded.state.draftPageId);
      loaded = await loadPage(deps.eventStore, pageId);
    }
    const { state } = loaded;
    let draftPageId =
      request.idempotencyKey !== undefined
        ? deriveId(request.idempotencyKey, TYPE, pageId, 'draft')
        : randomUUID();
    // a link whose draft never started (a crash between the two appends) is resumed rather than refused
    if (state.status === 'active' && state.draftPageId !== null) {
      const draft = await loadPage(deps.eventStore, state.draftPageId);
      if (draft.state.status === 'empty') draftPageId = state.draftPageId;
    }
    try {
      await deps.handle({
        streamId: pageStreamId(pageId),
        decider: pageDecider,
        command: { type: 'CreateAppPageDraft', data: { pageId, draftPageId }, metadata: request.metadata },
        // the copy below is of this version of the page: a change meanwhile means deciding again
        expectedVersion: loaded.version ?? undefined,
      });
    } catch (error) {
      if (!isWrongVersion(error) || request.expectedVersion !== undefined || attempt >= 3) throw error;
      continue;
    }
    if (state.status !== 'active') throw new NotFoundError(`app-page ${pageId} not found`);
    return deps.handle({
      streamId: pageStreamId(draftPageId),
      decider: pageDecider,
      command: {
        type: 'StartAppPageDraft',
        data: {
          draftPageId,
          draftOfPageId: pageId,
          fields: state.fields,
          // the draft's components are copies with ids of their own, derived so that a retry makes the same
          components: state.components.map((c) => ({
            ...c,
            componentId: deriveId(draftPageId, c.componentId),
          })),
        },
        metadata: request.metadata,
      },
    });
  }
}

/**
 * Publishes a draft: its page takes the draft's attributes and components, then the draft is removed. The
 * page is written first (the step that matters); a retry after a crash in between finds the draft already
 * applied (`lastAppliedDraftId`) and only removes the draft.
 */
export async function publishDraft(
  deps: PagesDeps,
  request: CommandRequest,
  draftPageId: string,
): Promise<{ pageId: string; result: CommandResult }> {
  const draftLoaded = await loadPage(deps.eventStore, draftPageId);
  assertVersion(request, draftLoaded, draftPageId);
  const draft = draftLoaded.state;
  const publish = {
    type: 'PublishAppPageDraft' as const,
    data: { pageId: draftPageId },
    metadata: request.metadata,
  };
  // The same request again (same Idempotency-Key) after it went through: the handler answers as the first time.
  const replay = request.idempotencyKey !== undefined && draft.status === 'published';
  if (!replay) pageDecider.decide(publish, draft); // refuses what is not a changed, live draft, before any write
  if (draft.status === 'empty' || draft.draftOfPageId === null)
    throw new Error('unreachable: checked by decide');
  const pageId = draft.draftOfPageId;
  const { state: page } = await loadPage(deps.eventStore, pageId);
  const apply = {
    type: 'ApplyAppPageDraft' as const,
    data: { pageId, draftPageId, fields: draft.fields, components: draft.components },
    metadata: request.metadata,
  };
  const applying = !replay && pageDecider.decide(apply, page).length > 0;
  const oldPath = page.status === 'active' ? page.fields.path : null;
  // the page takes the draft's path when the draft is applied (nothing to claim for a replay)
  const paths =
    applying && oldPath !== null
      ? [pagePath(deps, request, { value: draft.fields.path, previous: oldPath })]
      : [];
  const applied = await withUniqueValues(
    deps,
    { holder: pageHolder(pageId), metadata: request.metadata, values: paths },
    () =>
      deps.handle({
        streamId: pageStreamId(pageId),
        decider: pageDecider,
        command: apply,
        ...keyed(request, 'apply'),
      }),
  );
  const removed = await deps.handle({
    streamId: pageStreamId(draftPageId),
    decider: pageDecider,
    command: publish,
    ...keyed(request),
  });
  // the answer is about the page (its version); the environment signal covers both appends
  const result = { ...applied, events: [...applied.events, ...removed.events] };
  const answered = await withEnvironmentUpdate(deps, request, result, {
    resourceType: TYPE,
    resourceId: pageId,
    action: 'saved',
  });
  return { pageId, result: answered };
}
