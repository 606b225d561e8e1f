import { evolveUser, initialUserState, type UserState } from '../accounts/user-state.ts';
import type { UserEvent } from '../accounts/events.ts';
import { MENU_STREAM_ID, type MenuEvent } from '../menu/events.ts';
import { evolveMenu, initialMenuState, type MenuState } from '../menu/state.ts';
import type { PageEvent } from '../pages/events.ts';
import { evolve as evolvePage, initialState as initialPageState, type PageState } from '../pages/state.ts';
import { resourceEventKind, type ResourceDefinition } from '../resources/definition.ts';
import { evolveResource, resourceStartState, type ResourceState } from '../resources/state.ts';

/**
 * How the history shows one record of a stream: its stream, which of the stream's events are its own (the menu
 * tree shares one stream), the module's own fold, and the record's fields as an administrator reads them at
 * any point (secrets left out). The same view gives the timeline's before → after and "as it was".
 */
export interface HistoryView<S> {
  type: string;
  streamId(id: string): string;
  belongs?(event: { type: string; data: unknown }, id: string): boolean;
  /** the record's state before its stream's first event (a resource's fixed row exists already) */
  initial(id: string): S;
  evolve(state: S, event: { type: string; data: unknown }): S;
  /** the record's fields, or null when it does not exist (yet, or any more) */
  fields(state: S, id: string): Record<string, unknown> | null;
  /** who may read the history: administrators only, or also the application administrators */
  audience: 'admins' | 'appAdmins';
  /** what an event did to the record in a word (created, updated, softDeleted, ...), when the module says */
  kind?(eventType: string): string | null;
}

/**
 * A resource's record as its history reads it: its fold's state, and the fields a workflow's events on its stream
 * set (`publicationRequest.status`, …: WorkflowEvents), which the fold passes over.
 */
export interface ResourceHistoryState {
  record: ResourceState;
  workflow: Readonly<Record<string, unknown>>;
}

export function resourceHistoryView(definition: ResourceDefinition): HistoryView<ResourceHistoryState> {
  const workflow = definition.workflowEvents;
  const isWorkflow = (type: string) => workflow?.types.includes(type) ?? false;
  return {
    type: definition.type,
    streamId: definition.streamId,
    // a hand-written module's events on the record's stream are none of its history (a workflow's are)
    ...(definition.sharedStreamEvents.length
      ? { belongs: (event: { type: string }) => !definition.sharedStreamEvents.includes(event.type) }
      : {}),
    initial: (id) => ({ record: resourceStartState(definition, id), workflow: {} }),
    evolve: (state, event) =>
      workflow && isWorkflow(event.type)
        ? { record: state.record, workflow: { ...state.workflow, ...workflow.fields(event) } }
        : { record: evolveResource(definition, state.record, event), workflow: state.workflow },
    fields: ({ record, workflow: fields }) =>
      record.status === 'active' || record.status === 'softDeleted'
        ? { ...record.attributes, ...record.relationships, ...fields }
        : null,
    audience: 'appAdmins',
    kind: (eventType) =>
      workflow && isWorkflow(eventType) ? workflow.kind(eventType) : resourceEventKind(definition, eventType),
  };
}

/**
 * The history of a record kept on another record's stream (HistoryVia: a publication request's, on its item's
 * stream): the events of `stream` that `belongs` says are record `id`'s, read through the record's own fold;
 * each in the word the stream's owner gives it (`publicationRequested`, …) when it gives one.
 */
export function viaHistoryView(
  definition: ResourceDefinition,
  owner: ResourceDefinition | null,
  stream: string,
  id: string,
): HistoryView<ResourceState> {
  const via = definition.historyVia;
  if (!via) throw new Error(`${definition.type} has no history through another record`);
  const word = (type: string) =>
    owner?.workflowEvents?.types.includes(type) ? owner.workflowEvents.kind(type) : null;
  return {
    type: definition.type,
    streamId: () => stream,
    belongs: (event, id) => via.belongs(event, id),
    initial: (id) => resourceStartState(definition, id),
    // another record's events on the stream (another request of the same item) are none of this one's
    evolve: (state, event) => (via.belongs(event, id) ? evolveResource(definition, state, event) : state),
    fields: (state) =>
      state.status === 'active' || state.status === 'softDeleted'
        ? { ...state.attributes, ...state.relationships }
        : null,
    audience: 'appAdmins',
    kind: (eventType) => word(eventType) ?? resourceEventKind(definition, eventType),
  };
}

/** What each event of a hand-written module did, in the words of the history (admin.resources.history.kind.*). */
function kinds(map: Record<string, string>): (eventType: string) => string | null {
  return (eventType) => map[eventType] ?? null;
}

const pagesView: HistoryView<PageState> = {
  type: 'app-pages',
  streamId: (id) => `page-${id}`,
  initial: initialPageState,
  evolve: (state, event) => evolvePage(state, event as PageEvent),
  fields(state) {
    if (state.status === 'empty') return null;
    return {
      ...state.fields,
      status: state.status,
      isDraft: state.isDraft,
      draftOfPageId: state.draftOfPageId,
      draftPageId: state.draftPageId,
      // each block and each of its props a field of its own (`block.2` its kind, `block.2.title` a prop), so that
      // a change reads as the one prop it changed, not as the whole list before and after
      ...Object.fromEntries(
        state.components.flatMap((c) => [
          [`block.${c.position + 1}`, c.name],
          ...Object.entries(c.props).map(([prop, value]) => [`block.${c.position + 1}.${prop}`, value]),
        ]),
      ),
    };
  },
  audience: 'appAdmins',
  kind: kinds({
    AppPageCreated: 'created',
    AppPageUpdated: 'updated',
    AppPageDeleted: 'deleted',
    AppPageComponentAdded: 'componentAdded',
    AppPageComponentUpdated: 'componentUpdated',
    AppPageComponentMoved: 'componentMoved',
    AppPageComponentRemoved: 'componentRemoved',
    AppPageDraftCreated: 'draftCreated',
    AppPageDraftStarted: 'draftStarted',
    AppPageDraftPublished: 'published',
    AppPageDraftApplied: 'draftApplied',
    AppPageDraftDiscarded: 'draftDiscarded',
  }),
};

const menuItemsView: HistoryView<MenuState> = {
  type: 'app-menu-items',
  streamId: () => MENU_STREAM_ID,
  belongs: (event, id) => (event.data as { id?: string }).id === id,
  initial: initialMenuState,
  evolve: (state, event) => evolveMenu(state, event as MenuEvent),
  fields(state, id) {
    const item = state.items.get(id);
    if (!item) return null;
    const { version: _version, id: _id, ...fields } = item;
    return fields as Record<string, unknown>;
  },
  audience: 'appAdmins',
  kind: kinds({
    AppMenuItemCreated: 'created',
    AppMenuItemUpdated: 'updated',
    AppMenuItemMoved: 'moved',
    AppMenuItemDeleted: 'deleted',
  }),
};

const usersView: HistoryView<UserState> = {
  type: 'users',
  streamId: (id) => `user-${id}`,
  initial: initialUserState,
  evolve: (state, event) => evolveUser(state, event as UserEvent),
  fields(state) {
    if (state.status === 'none') return null;
    // never the password hash, the TOTP secret or the recovery codes: only whether they are set
    const {
      passwordHash,
      totpSecret: _secret,
      lastTotpTimeStep: _step,
      twoFactor,
      status: _status,
      id: _id,
      profile,
      ...rest
    } = state;
    return {
      ...profile,
      ...rest,
      hasPassword: passwordHash !== null,
      twoFactorStrategy: twoFactor?.strategy ?? null,
    };
  },
  audience: 'admins',
};

/** The hand-written modules whose records have a history beside the resources of the catalogue. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const handWrittenHistoryViews: HistoryView<any>[] = [pagesView, menuItemsView, usersView];
