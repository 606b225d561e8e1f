import type { RelationshipValue, ResourceDefinition } from './definition.ts';

export interface ResourceValues {
  attributes: Record<string, unknown>;
  relationships: Record<string, RelationshipValue>;
}

/** A record's state, folded from its stream: the decider decides on it, the history shows it as it was. */
export type ResourceState =
  | { status: 'none' }
  | ({ status: 'active' | 'softDeleted'; id: string } & ResourceValues)
  | { status: 'deleted'; id: string };

export const initialResourceState = (): ResourceState => ({ status: 'none' });

/** A record's state before its stream's first event: a fixed row exists from the start, any other record not. */
export function resourceStartState(definition: ResourceDefinition, id: string): ResourceState {
  const row = definition.fixedRows.rows.find((r) => r.id === id);
  return row
    ? { status: 'active', id, attributes: { ...row.attributes }, relationships: {} }
    : initialResourceState();
}

/** One step of the fold; events of another kind (a hand-written workflow on the same stream) change nothing. */
export function evolveResource(
  definition: ResourceDefinition,
  state: ResourceState,
  event: { type: string; data: unknown },
): ResourceState {
  const { events } = definition;
  const data = event.data as { id: string } & Partial<ResourceValues>;
  switch (event.type) {
    case events.created:
      return {
        status: 'active',
        id: data.id,
        attributes: { ...data.attributes },
        relationships: { ...data.relationships },
      };
    case events.updated:
      if (state.status !== 'active' && state.status !== 'softDeleted') return state;
      return {
        ...state,
        attributes: { ...state.attributes, ...data.attributes },
        relationships: { ...state.relationships, ...data.relationships },
      };
    case events.softDeleted:
      return state.status === 'active' ? { ...state, status: 'softDeleted' } : state;
    case events.restored:
      return state.status === 'softDeleted' ? { ...state, status: 'active' } : state;
    case events.deleted:
      return { status: 'deleted', id: data.id };
    default:
      return state;
  }
}
