import type { PageComponent, PageEvent, PageFields } from './events.ts';

/**
 * State of one `page-<uuid>` stream, folded from its events (their payloads: who recorded each and when is the
 * events' metadata, which the decider does not need). A page is a regular page or a draft of
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
  /** its fields or components changed since it was created (a draft with no change is not published) */
  changed: boolean;
}

export type PageState =
  | { status: 'empty' }
  | ({ status: 'active' } & ActivePage)
  | ({ status: 'deleted' } & ActivePage)
  | ({ status: 'published' } & ActivePage);

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

function touched(state: PageState): PageState {
  return state.status === 'empty' ? state : { ...state, changed: true };
}

export function evolve(state: PageState, event: PageEvent): PageState {
  switch (event.type) {
    case 'AppPageCreated': {
      const { pageId, ...fields } = event.data;
      return {
        status: 'active',
        pageId,
        fields,
        components: [],
        isDraft: false,
        draftOfPageId: null,
        draftPageId: null,
        lastAppliedDraftId: null,
        changed: false,
      };
    }
    case 'AppPageDraftStarted': {
      const { pageId, draftOfPageId, components, ...fields } = event.data;
      return {
        status: 'active',
        pageId,
        fields,
        components: [...components].sort(byPosition),
        isDraft: true,
        draftOfPageId,
        draftPageId: null,
        lastAppliedDraftId: null,
        changed: false,
      };
    }
    case 'AppPageUpdated': {
      if (state.status === 'empty') return state;
      const { pageId: _id, ...fields } = event.data;
      return { ...state, fields, changed: true };
    }
    case 'AppPageDeleted':
      if (state.status === 'empty') return state;
      return { ...state, status: 'deleted' };
    case 'AppPageComponentAdded': {
      if (state.status === 'empty') return state;
      const { pageId: _id, ...component } = event.data;
      return touched({ ...state, components: insertAt(state.components, component) });
    }
    case 'AppPageComponentUpdated': {
      if (state.status === 'empty') return state;
      const { componentId, name, viewId, props } = event.data;
      const components = state.components.map((c) =>
        c.componentId === componentId ? { ...c, name, viewId, props } : c,
      );
      return touched({ ...state, components });
    }
    case 'AppPageComponentMoved': {
      if (state.status === 'empty') return state;
      const { componentId, toPosition } = event.data;
      return touched({ ...state, components: moveTo(state.components, componentId, toPosition) });
    }
    case 'AppPageComponentRemoved': {
      if (state.status === 'empty') return state;
      return touched({ ...state, components: removeAt(state.components, event.data.componentId) });
    }
    case 'AppPageDraftCreated':
      if (state.status === 'empty') return state;
      return { ...state, draftPageId: event.data.draftPageId };
    case 'AppPageDraftDiscarded':
      if (state.status === 'empty') return state;
      return { ...state, draftPageId: null };
    case 'AppPageDraftApplied': {
      if (state.status === 'empty') return state;
      const { pageId: _id, draftPageId, components, ...fields } = event.data;
      return {
        ...state,
        fields,
        components: [...components].sort(byPosition),
        draftPageId: null,
        lastAppliedDraftId: draftPageId,
        changed: true,
      };
    }
    case 'AppPageDraftPublished':
      if (state.status === 'empty') return state;
      return { ...state, status: 'published' };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
