import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { normalisePath, pathProblem } from '@platform/contracts/paths';
import type { PageEvent, PageFields } from '@platform/contracts/pages/events';
import type { Decider } from '../decider.ts';
import type { PageCommand } from './commands.ts';
import { addComponent, moveComponent, removeComponent, updateComponent } from './decide-components.ts';
import { evolve, initialState, type ActivePage, type PageState } from '@platform/contracts/pages/state';

type Cmd<T extends PageCommand['type']> = Extract<PageCommand, { type: T }>;

const PATH_POINTER = '/data/attributes/path';

function checkedPath(raw: string | undefined): string {
  const problem = pathProblem(raw ?? '');
  if (problem)
    throw ValidationError.at(
      PATH_POINTER,
      problem,
      raw?.trim() ? 'validation.invalid' : 'validation.required',
    );
  return normalisePath(raw ?? '');
}

/** The page as commands may change it: deleted pages and published (removed) drafts are gone. */
function activePage(state: PageState, pageId: string): ActivePage {
  if (state.status !== 'active') throw new NotFoundError(`app-page ${pageId} not found`);
  return state;
}

const sameFields = (a: PageFields, b: PageFields) => JSON.stringify(a) === JSON.stringify(b);

export function createPage(command: Cmd<'CreateAppPage'>, state: PageState): PageEvent[] {
  const { pageId, attributes } = command.data;
  if (state.status !== 'empty') {
    throw new ConflictError('conflict.duplicate_id', `app-page ${pageId} already exists`, '/data/id');
  }
  return [
    {
      type: 'AppPageCreated',
      data: { pageId, ...attributes, path: checkedPath(attributes.path) },
    },
  ];
}

export function updatePage(command: Cmd<'UpdateAppPage'>, state: PageState): PageEvent[] {
  const page = activePage(state, command.data.pageId);
  const { attributes } = command.data;
  const fields: PageFields = {
    ...page.fields,
    ...Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== undefined)),
    path: attributes.path === undefined ? page.fields.path : checkedPath(attributes.path),
  };
  // An update that changes nothing records nothing: a changed draft must mean a real change.
  if (sameFields(fields, page.fields)) return [];
  return [{ type: 'AppPageUpdated', data: { pageId: page.pageId, ...fields } }];
}

export function deletePage(command: Cmd<'DeleteAppPage'>, state: PageState): PageEvent[] {
  const page = activePage(state, command.data.pageId);
  if (page.draftPageId !== null) {
    throw new ConflictError(
      'conflict.state',
      `app-page ${page.pageId} has a draft (${page.draftPageId}); publish or delete the draft first`,
    );
  }
  return [{ type: 'AppPageDeleted', data: { pageId: page.pageId } }];
}

export function createDraft(command: Cmd<'CreateAppPageDraft'>, state: PageState): PageEvent[] {
  const page = activePage(state, command.data.pageId);
  const { draftPageId } = command.data;
  if (page.isDraft) throw new ConflictError('conflict.state', 'a draft cannot have a draft of its own');
  if (page.draftPageId === draftPageId) return [];
  if (page.draftPageId !== null) {
    throw new ConflictError(
      'conflict.state',
      `app-page ${page.pageId} already has a draft (${page.draftPageId})`,
    );
  }
  return [{ type: 'AppPageDraftCreated', data: { pageId: page.pageId, draftPageId } }];
}

export function startDraft(command: Cmd<'StartAppPageDraft'>, state: PageState): PageEvent[] {
  const { draftPageId, draftOfPageId, fields, components } = command.data;
  if (state.status !== 'empty') {
    if (state.isDraft && state.draftOfPageId === draftOfPageId) return [];
    throw new ConflictError('conflict.duplicate_id', `app-page ${draftPageId} already exists`, '/data/id');
  }
  return [
    {
      type: 'AppPageDraftStarted',
      data: { pageId: draftPageId, draftOfPageId, ...fields, components },
    },
  ];
}

export function publishDraft(command: Cmd<'PublishAppPageDraft'>, state: PageState): PageEvent[] {
  const draft = activePage(state, command.data.pageId);
  if (!draft.isDraft || draft.draftOfPageId === null) {
    throw new ConflictError(
      'conflict.state',
      `app-page ${draft.pageId} is not a draft; only a draft can be published`,
    );
  }
  if (!draft.changed) {
    throw new ConflictError(
      'conflict.draft_unchanged',
      'the draft has not been changed since it was created',
    );
  }
  return [
    {
      type: 'AppPageDraftPublished',
      data: { pageId: draft.pageId, draftOfPageId: draft.draftOfPageId },
    },
  ];
}

export function applyDraft(command: Cmd<'ApplyAppPageDraft'>, state: PageState): PageEvent[] {
  const page = activePage(state, command.data.pageId);
  const { draftPageId, fields, components } = command.data;
  if (page.draftPageId !== draftPageId) {
    // the same publish, retried after the page took the draft but before the draft was removed
    if (page.lastAppliedDraftId === draftPageId) return [];
    throw new ConflictError('conflict.state', `app-page ${draftPageId} is no longer the draft of its page`);
  }
  return [
    {
      type: 'AppPageDraftApplied',
      data: { pageId: page.pageId, draftPageId, ...fields, components },
    },
  ];
}

export function discardDraft(command: Cmd<'DiscardAppPageDraft'>, state: PageState): PageEvent[] {
  if (state.status === 'empty') throw new NotFoundError(`app-page ${command.data.pageId} not found`);
  if (state.draftPageId !== command.data.draftPageId) return [];
  return [
    {
      type: 'AppPageDraftDiscarded',
      data: { pageId: state.pageId, draftPageId: command.data.draftPageId },
    },
  ];
}

export function decide(command: PageCommand, state: PageState): PageEvent[] {
  switch (command.type) {
    case 'CreateAppPage':
      return createPage(command, state);
    case 'UpdateAppPage':
      return updatePage(command, state);
    case 'DeleteAppPage':
      return deletePage(command, state);
    case 'AddAppPageComponent':
      return addComponent(command, activePage(state, command.data.pageId));
    case 'UpdateAppPageComponent':
      return updateComponent(command, activePage(state, command.data.pageId));
    case 'MoveAppPageComponent':
      return moveComponent(command, activePage(state, command.data.pageId));
    case 'RemoveAppPageComponent':
      return removeComponent(command, activePage(state, command.data.pageId));
    case 'CreateAppPageDraft':
      return createDraft(command, state);
    case 'StartAppPageDraft':
      return startDraft(command, state);
    case 'PublishAppPageDraft':
      return publishDraft(command, state);
    case 'ApplyAppPageDraft':
      return applyDraft(command, state);
    case 'DiscardAppPageDraft':
      return discardDraft(command, state);
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as PageCommand).type}`);
    }
  }
}

export const pageDecider: Decider<PageCommand, PageEvent, PageState> = { initialState, evolve, decide };
