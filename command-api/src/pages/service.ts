import type { CreatePageAttributes, UpdatePageAttributes } from '@platform/contracts/pages/attributes';
import type { CommandRequest } from '../app.ts';
import type { CommandResult } from '../handler.ts';
import { withUniqueValues } from '../claims/unique-values.ts';
import type { PageCommand } from './commands.ts';
import { pageDecider } from './decide.ts';
import { healDraftLink } from './drafts.ts';
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

const MAX_ATTEMPTS = 3;

/** Creates a page: its path is claimed first, then the page is recorded (docs/adr/0002). */
export async function createPage(
  deps: PagesDeps,
  request: CommandRequest,
  data: { pageId: string; attributes: CreatePageAttributes },
): Promise<CommandResult> {
  const command: PageCommand = { type: 'CreateAppPage', data, metadata: request.metadata };
  const loaded = await loadPage(deps.eventStore, data.pageId);
  // A retried request (same key, page already there) goes straight to the handler for the first answer.
  const retried = request.idempotencyKey !== undefined && loaded.state.status !== 'empty';
  const [created] = retried ? [] : pageDecider.decide(command, loaded.state);
  const path = pagePath(deps, request, {
    value: created?.type === 'AppPageCreated' ? created.data.path : null,
  });
  const result = await withUniqueValues(
    deps,
    {
      holder: pageHolder(data.pageId),
      metadata: request.metadata,
      values: [path],
      releaseClaimedOnRefusal: true,
    },
    () =>
      deps.handle({ streamId: pageStreamId(data.pageId), decider: pageDecider, command, ...keyed(request) }),
  );
  return withEnvironmentUpdate(deps, request, result, {
    resourceType: TYPE,
    resourceId: data.pageId,
    action: 'saved',
  });
}

/** Updates a page; a new path of a published page is claimed before, the old one released after. */
export async function updatePage(
  deps: PagesDeps,
  request: CommandRequest,
  data: { pageId: string; attributes: UpdatePageAttributes },
): Promise<CommandResult> {
  const command: PageCommand = { type: 'UpdateAppPage', data, metadata: request.metadata };
  for (let attempt = 1; ; attempt++) {
    const loaded = await loadPage(deps.eventStore, data.pageId);
    assertVersion(request, loaded, data.pageId);
    const { state } = loaded;
    const [updated] = pageDecider.decide(command, state);
    const oldPath = state.status === 'active' ? state.fields.path : null;
    const newPath = updated?.type === 'AppPageUpdated' ? updated.data.path : oldPath;
    const published = state.status === 'active' && !state.isDraft;
    // drafts claim nothing: a draft's path is claimed when it is published
    const paths = published ? [pagePath(deps, request, { value: newPath, previous: oldPath })] : [];
    try {
      const result = await withUniqueValues(
        deps,
        { holder: pageHolder(data.pageId), metadata: request.metadata, values: paths },
        () =>
          deps.handle({
            streamId: pageStreamId(data.pageId),
            decider: pageDecider,
            command,
            expectedVersion: loaded.version ?? undefined,
            ...keyed(request),
          }),
      );
      if (!published) return result;
      return withEnvironmentUpdate(deps, request, result, {
        resourceType: TYPE,
        resourceId: data.pageId,
        action: 'saved',
      });
    } catch (error) {
      // A concurrent writer changed the page after it was loaded: decide again on the new state (a claim made
      // for this attempt stays with the page; if unused it is stale and taken over by the next claimant).
      if (!isWrongVersion(error) || request.expectedVersion !== undefined || attempt >= MAX_ATTEMPTS)
        throw error;
    }
  }
}

/** Soft-deletes a page and frees its path; deleting a draft clears its page's draft link. */
export async function deletePage(
  deps: PagesDeps,
  request: CommandRequest,
  pageId: string,
): Promise<CommandResult> {
  const loaded = await loadPage(deps.eventStore, pageId);
  assertVersion(request, loaded, pageId);
  if (loaded.state.status === 'active' && loaded.state.draftPageId !== null) {
    await healDraftLink(deps, request, pageId, loaded.state.draftPageId);
  }
  const { state } = loaded;
  const draftOfPage = state.status === 'active' && state.isDraft && state.draftOfPageId !== null;
  // a published page frees its path; a draft of a page holds none
  const path = pagePath(deps, request, {
    value: null,
    previous: state.status === 'active' && !draftOfPage ? state.fields.path : null,
  });
  const result = await withUniqueValues(
    deps,
    { holder: pageHolder(pageId), metadata: request.metadata, values: [path] },
    () =>
      deps.handle({
        streamId: pageStreamId(pageId),
        decider: pageDecider,
        command: { type: 'DeleteAppPage', data: { pageId }, metadata: request.metadata },
        ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
        ...keyed(request),
      }),
  );
  if (state.status !== 'active') return result;
  if (state.isDraft && state.draftOfPageId !== null) {
    await deps.handle({
      streamId: pageStreamId(state.draftOfPageId),
      decider: pageDecider,
      command: {
        type: 'DiscardAppPageDraft',
        data: { pageId: state.draftOfPageId, draftPageId: pageId },
        metadata: request.metadata,
      },
      ...keyed(request, 'discard'),
    });
    return result;
  }
  return withEnvironmentUpdate(deps, request, result, {
    resourceType: TYPE,
    resourceId: pageId,
    action: 'deleted',
  });
}

type ComponentCommand = Extract<
  PageCommand,
  {
    type:
      'AddAppPageComponent' | 'UpdateAppPageComponent' | 'MoveAppPageComponent' | 'RemoveAppPageComponent';
  }
>;

/**
 * A component command runs on its page's stream. Changing a component of a published page saves that page,
 * so the app environment is marked as updated; a draft's components are nobody's business until published.
 */
export async function runComponentCommand(
  deps: PagesDeps,
  request: CommandRequest,
  command: ComponentCommand,
): Promise<CommandResult> {
  const { pageId, componentId } = command.data;
  const { state } = await loadPage(deps.eventStore, pageId);
  const result = await deps.handle({
    streamId: pageStreamId(pageId),
    decider: pageDecider,
    command,
    ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
    ...keyed(request),
  });
  if (state.status !== 'active' || state.isDraft) return result;
  const action = command.type === 'RemoveAppPageComponent' ? 'deleted' : 'saved';
  return withEnvironmentUpdate(deps, request, result, {
    resourceType: 'app-page-components',
    resourceId: componentId,
    action,
  });
}
