import type { RecordFacts } from './access.ts';
import { asResourceEvent, type RelationshipValue, type ResourceDefinition } from './definition.ts';

export interface ResourceValues {
  attributes: Record<string, unknown>;
  relationships: Record<string, RelationshipValue>;
}

/** A record's state, folded from its stream: the decider decides on it, the history shows it as it was. */
export type ResourceState =
  | { status: 'none' }
  | ({ status: 'active' | 'softDeleted'; id: string; createdBy: string | null } & ResourceValues)
  | { status: 'deleted'; id: string };

export const initialResourceState = (): ResourceState => ({ status: 'none' });

/** A record's state before its stream's first event: a fixed row exists from the start, any other record not. */
export function resourceStartState(definition: ResourceDefinition, id: string): ResourceState {
  const row = definition.fixedRows.rows.find((r) => r.id === id);
  return row
    ? { status: 'active', id, createdBy: null, attributes: { ...row.attributes }, relationships: {} }
    : initialResourceState();
}

/**
 * One step of the fold; a legacy event type reads as its kind (definition.legacyEvents), events of another kind (a
 * hand-written workflow on the same stream) change nothing.
 */
export function evolveResource(
  definition: ResourceDefinition,
  state: ResourceState,
  event: { type: string; data: unknown; metadata?: { actor?: { userId: string | null } } },
): ResourceState {
  const resource = asResourceEvent(definition, event);
  if (!resource) return state;
  const data = resource.data as { id: string } & Partial<ResourceValues>;
  switch (resource.kind) {
    case 'created':
      return {
        status: 'active',
        id: data.id,
        createdBy: event.metadata?.actor?.userId ?? null,
        attributes: { ...data.attributes },
        relationships: { ...data.relationships },
      };
    case 'updated':
      if (state.status !== 'active' && state.status !== 'softDeleted') return state;
      return {
        ...state,
        attributes: { ...state.attributes, ...data.attributes },
        relationships: { ...state.relationships, ...data.relationships },
      };
    case 'softDeleted':
      return state.status === 'active' ? { ...state, status: 'softDeleted' } : state;
    case 'restored':
      return state.status === 'softDeleted' ? { ...state, status: 'active' } : state;
    case 'deleted':
      return { status: 'deleted', id: data.id };
    default: {
      const never: never = resource;
      return never;
    }
  }
}

/**
 * What the row rules of a definition look at in one record (access.ts): its owner, author, organization and the
 * users its to-many relationships name. The write side reads them from the folded state, the read side from the
 * row's columns; both through this one function.
 */
export function recordFacts(
  definition: ResourceDefinition,
  record: {
    createdBy: string | null;
    relationships: Record<string, unknown>;
    attributes?: Readonly<Record<string, unknown>>;
  },
): RecordFacts {
  const one = (name: string | null) => {
    const value = name ? record.relationships[name] : null;
    return typeof value === 'string' ? value : null;
  };
  const members: Record<string, readonly string[]> = {};
  for (const [name, spec] of Object.entries(definition.relationships))
    if (spec.type === 'users' && spec.many) {
      const value = record.relationships[name];
      members[name] = Array.isArray(value) ? (value as string[]) : [];
    }
  return {
    ownerId: one(definition.ownedBy),
    createdBy: record.createdBy,
    organizationId:
      definition.relationships.organization?.type === 'organizations' ? one('organization') : null,
    members,
    flags: Object.fromEntries(
      Object.entries(record.attributes ?? {}).filter(([, value]) => value === true),
    ) as Record<string, boolean>,
  };
}
