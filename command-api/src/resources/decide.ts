import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import {
  sameRelationshipValue,
  type InvariantContext,
  type RelatedAttributes,
  type RelationshipValue,
  type ResourceDefinition,
  type ResourceEvent,
} from '@platform/contracts/resources/definition';
import {
  evolveResource,
  initialResourceState,
  resourceStartState,
  type ResourceState,
  type ResourceValues,
} from '@platform/contracts/resources/state';
import type { Command, Decider, DomainEvent } from '../decider.ts';

export type { ResourceState, ResourceValues };

/**
 * A create or an update: the values it sets and, for a definition whose `beforeChange` reads related records
 * (`beforeChangeReads`), their attributes as the command side found them.
 */
type ResourceWrite = { id: string; related?: RelatedAttributes } & ResourceValues;

export type ResourceCommand =
  | Command<'CreateResource', ResourceWrite>
  | Command<'UpdateResource', ResourceWrite>
  | Command<'SoftDeleteResource' | 'RestoreResource' | 'DeleteResource', { id: string }>;

export type StoredResourceEvent = DomainEvent<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The values of `next` that differ from `current`: an update records what changed, nothing else. */
function changes(current: Record<string, unknown>, next: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(next).filter(([name, value]) => value !== undefined && !same(current[name], value)),
  );
}

/**
 * The relationships a create names, with each relationship's default (RelationshipSpec.default: an article's
 * layout) where the create names none: what the checks of the relationships and the decider see.
 */
export function withRelationshipDefaults(
  definition: ResourceDefinition,
  relationships: Readonly<Record<string, RelationshipValue>>,
): Record<string, RelationshipValue> {
  const filled: Record<string, RelationshipValue> = { ...relationships };
  for (const [name, spec] of Object.entries(definition.relationships))
    if (spec.default !== undefined && filled[name] === undefined) filled[name] = spec.default;
  return filled;
}

/**
 * The one decider of every plain record type: create, update (the changed values only), soft delete, restore,
 * delete. Field rules are the definition's zod schemas, applied at the edge; what the decider guards is the
 * record's life: no second create of an id, no change to a deleted or soft-deleted record.
 */
export function resourceDecider(
  definition: ResourceDefinition,
  /** the record decided on: a fixed row exists before its stream's first event */
  recordId?: string,
): Decider<ResourceCommand, StoredResourceEvent, ResourceState> {
  const { events, singular } = definition;
  const notFound = (id: string) => new NotFoundError(`${singular} ${id} not found`);
  /**
   * the definition's rules over several attributes, on the values the record would hold (its id and
   * relationships too); a problem named after a relationship points at it
   */
  const checkInvariants = (attributes: Record<string, unknown>, context: InvariantContext) => {
    const problems = definition.invariants(attributes, context);
    const member = (name: string) =>
      Object.hasOwn(definition.relationships, name) && !(name in definition.attributes.shape)
        ? `/data/relationships/${name}`
        : `/data/attributes/${name}`;
    if (problems.length)
      throw new ValidationError(
        problems.map((p) => ({
          code: 'validation.invalid' as const,
          detail: p.detail,
          pointer: member(p.attribute),
        })),
      );
  };

  const evolve = (state: ResourceState, event: StoredResourceEvent): ResourceState =>
    evolveResource(definition, state, event);

  const decide = (command: ResourceCommand, state: ResourceState): StoredResourceEvent[] => {
    const { id } = command.data;
    const event = (type: string, data: unknown): StoredResourceEvent => ({ type, data });
    switch (command.type) {
      case 'CreateResource': {
        if (state.status !== 'none')
          throw new ConflictError('conflict.duplicate_id', `${singular} ${id} already exists`, '/data/id');
        const relationships = withRelationshipDefaults(definition, command.data.relationships);
        const given = command.data.attributes;
        // derived values (a slug from the name) are part of what is decided, so the event holds them
        const attributes = definition.beforeChange
          ? { ...given, ...definition.beforeChange(given, null, command.data.related ?? {}) }
          : given;
        checkInvariants(attributes, { now: command.metadata.now, previous: null, id, relationships });
        return [event(events.created, { id, attributes, relationships })];
      }
      case 'UpdateResource': {
        if (state.status === 'none' || state.status === 'deleted') throw notFound(id);
        if (state.status === 'softDeleted')
          throw new ConflictError('conflict.state', `${singular} ${id} is soft-deleted: restore it first`);
        const given = command.data.attributes;
        const changedOnce = definition.immutable.filter(
          (name) => given[name] !== undefined && !same(given[name], state.attributes[name]),
        );
        if (changedOnce.length)
          throw new ValidationError(
            changedOnce.map((name) => ({
              code: 'validation.invalid' as const,
              detail: `${name} is set when the ${singular} is created and never changed`,
              pointer: `/data/attributes/${name}`,
            })),
          );
        const next = { ...state.attributes, ...given };
        const attributes = changes(
          state.attributes,
          definition.beforeChange
            ? { ...given, ...definition.beforeChange(next, state.attributes, command.data.related ?? {}) }
            : given,
        );
        const relationships = Object.fromEntries(
          Object.entries(command.data.relationships).filter(
            ([name, value]) =>
              value !== undefined && !sameRelationshipValue(state.relationships[name], value),
          ),
        ) as Record<string, RelationshipValue>;
        if (!Object.keys(attributes).length && !Object.keys(relationships).length) return [];
        checkInvariants(
          { ...state.attributes, ...attributes },
          {
            now: command.metadata.now,
            previous: state.attributes,
            id,
            relationships: { ...state.relationships, ...relationships },
          },
        );
        return [event(events.updated, { id, attributes, relationships })];
      }
      case 'SoftDeleteResource':
        if (state.status === 'none' || state.status === 'deleted') throw notFound(id);
        return state.status === 'active' ? [event(events.softDeleted, { id })] : [];
      case 'RestoreResource':
        if (state.status === 'none' || state.status === 'deleted') throw notFound(id);
        return state.status === 'softDeleted' ? [event(events.restored, { id })] : [];
      case 'DeleteResource':
        if (state.status === 'none' || state.status === 'deleted') throw notFound(id);
        // other records store these ids and give them a meaning (a job "other" shows jobOther)
        if (definition.fixedRows.kept.includes(id))
          throw new ConflictError(
            'conflict.state',
            `${singular} ${id} is kept by the platform: it cannot be deleted`,
          );
        return [event(events.deleted, { id })];
      default: {
        const never: never = command;
        return never;
      }
    }
  };

  const initialState = () =>
    recordId === undefined ? initialResourceState() : resourceStartState(definition, recordId);
  return { initialState, evolve, decide };
}

export type { ResourceEvent };
