import type { PageComponent, PageEvent, PageFields } from './events.ts';

/**
 * State of one `page-<uuid>` stream, folded from its events. A page is a regular page or a draft of
 * another page; a draft ends `published` (its content went into its page) or `deleted`.
 */
export interface ActivePage {
  pageId: string;
  fields: PageFields;
  /** sorted by position; positions are dense 0..n-1 */
  components: PageComponent[];
  isDraft: boolean;
  draftOfPageId: string | null;
  draftPageId: string | null;
  /** the last draft published into this page, so that a retried publish is recognised */
  lastAppliedDraftId: string | null;
  createdAt: string;
  updatedAt: string;
}

export type PageState =
  | { status: 'empty' }
  | ({ status: 'active' } & ActivePage)
  | ({ status: 'deleted'; deletedAt: string } & ActivePage)
  | ({ status: 'published'; publishedAt: string } & ActivePage);

export const initialState = (): PageState => ({ status: 'empty' });

const byPosition = (a: PageComponent, b: PageComponent) => a.position - b.position;

/** Inserting at `position` pushes the components at or after it one place on. */
export function insertAt(components: PageComponent[], component: PageComponent): PageComponent[] {
  const shifted = components.map((c) =>
    c.position >= component.position ? { ...c, position: c.position + 1 } : c,
  );
  return [...shifted, component].sort(byPosition);
}

/** Removing the component at `position` pulls the ones after it one place back. */
export function removeAt(components: PageComponent[], componentId: string): PageComponent[] {
  const removed = components.find((c) => c.componentId === componentId);
  if (!removed) return components;
  return components
    .filter((c) => c.componentId !== componentId)
    .map((c) => (c.position > removed.position ? { ...c, position: c.position - 1 } : c));
}

export function moveTo(components: PageComponent[], componentId: string, to: number): PageComponent[] {
  const moving = components.find((c) => c.componentId === componentId);
  if (!moving) return components;
  return insertAt(removeAt(components, componentId), { ...moving, position: to });
}

function touched(state: PageState, at: string): PageState {
  return state.status === 'empty' ? state : { ...state, updatedAt: at };
}

export function evolve(state: PageState, event: PageEvent): PageState {
  switch (event.type) {
    case 'AppPageCreated': {
      const { pageId, createdAt, createdBy: _by, ...fields } = event.data;
      return {
        status: 'active',
        pageId,
        fields,
        components: [],
        isDraft: false,
        draftOfPageId: null,
        draftPageId: null,
        lastAppliedDraftId: null,
        createdAt,
        updatedAt: createdAt,
      };
    }
    case 'AppPageDraftStarted': {
      const { pageId, draftOfPageId, components, createdAt, createdBy: _by, ...fields } = event.data;
      return {
        status: 'active',
        pageId,
        fields,
        components: [...components].sort(byPosition),
        isDraft: true,
        draftOfPageId,
        draftPageId: null,
        lastAppliedDraftId: null,
        createdAt,
        updatedAt: createdAt,
      };
    }
    case 'AppPageUpdated': {
      if (state.status === 'empty') return state;
      const { pageId: _id, updatedAt, updatedBy: _by, ...fields } = event.data;
      return { ...state, fields, updatedAt };
    }
    case 'AppPageDeleted':
      if (state.status === 'empty') return state;
      return { ...state, status: 'deleted', deletedAt: event.data.deletedAt };
    case 'AppPageComponentAdded': {
      if (state.status === 'empty') return state;
      const { pageId: _id, at, by: _by, ...component } = event.data;
      return touched({ ...state, components: insertAt(state.components, component) }, at);
    }
    case 'AppPageComponentUpdated': {
      if (state.status === 'empty') return state;
      const { componentId, name, viewId, props, at } = event.data;
      const components = state.components.map((c) =>
        c.componentId === componentId ? { ...c, name, viewId, props } : c,
      );
      return touched({ ...state, components }, at);
    }
    case 'AppPageComponentMoved': {
      if (state.status === 'empty') return state;
      const { componentId, toPosition, at } = event.data;
      return touched({ ...state, components: moveTo(state.components, componentId, toPosition) }, at);
    }
    case 'AppPageComponentRemoved': {
      if (state.status === 'empty') return state;
      return touched(
        { ...state, components: removeAt(state.components, event.data.componentId) },
        event.data.at,
      );
    }
    case 'AppPageDraftCreated':
      if (state.status === 'empty') return state;
      return { ...state, draftPageId: event.data.draftPageId };
    case 'AppPageDraftDiscarded':
      if (state.status === 'empty') return state;
      return { ...state, draftPageId: null };
    case 'AppPageDraftApplied': {
      if (state.status === 'empty') return state;
      const { pageId: _id, draftPageId, components, updatedAt, updatedBy: _by, ...fields } = event.data;
      return {
        ...state,
        fields,
        components: [...components].sort(byPosition),
        draftPageId: null,
        lastAppliedDraftId: draftPageId,
        updatedAt,
      };
    }
    case 'AppPageDraftPublished':
      if (state.status === 'empty') return state;
      return { ...state, status: 'published', publishedAt: event.data.publishedAt };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
