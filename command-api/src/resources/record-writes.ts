import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import type { ResourceState } from '@platform/contracts/resources/state';
import { loadState } from '@platform/infra/event-store';
import type { CommandModuleDeps, CommandRequest } from '../app.ts';
import { holderOf, withUniqueValues, type UniqueValueChange } from '../claims/unique-values.ts';
import type { CommandResult } from '../handler.ts';
import { resourceDecider } from './decide.ts';
import { uniqueValueScopeOf } from './routes.ts';

/** A record's state folded from its stream. */
export async function recordState(
  deps: Pick<CommandModuleDeps, 'eventStore'>,
  definition: ResourceDefinition,
  id: string,
): Promise<ResourceState> {
  const { state } = await loadState(
    deps.eventStore,
    definition.streamId(id),
    resourceDecider(definition, id),
  );
  return state;
}

/**
 * The live record that holds `value` of a unique attribute (a contact by its e-mail address, an installation by
 * the id its software shows), read from the value's claim stream and the holder's own: null when none does (or
 * only one put aside, unless `softDeleted` asks for it too).
 */
export async function recordByUniqueValue(
  deps: Pick<CommandModuleDeps, 'eventStore'>,
  definition: ResourceDefinition,
  field: string,
  value: string,
  options: { softDeleted?: boolean } = {},
): Promise<{ id: string; state: ResourceState } | null> {
  const { scope } = uniqueValueScopeOf(definition, field);
  const holder = await holderOf(deps, scope, value);
  if (!holder) return null;
  const state = await recordState(deps, definition, holder.id);
  const found =
    (state.status === 'active' || (options.softDeleted === true && state.status === 'softDeleted')) &&
    state.attributes[field] === value;
  return found ? { id: holder.id, state } : null;
}

/**
 * A record of the layer created by a hand-written route (a contact made from a form's input, an installation made
 * by its software's first report), as the layer's own create does it: each unique attribute claimed first (a 409
 * on its pointer when another record holds the value; a claim whose record never came, or no longer holds it, is
 * taken over), then the record's event on its fresh stream. Idempotent under `idempotencyKey`.
 */
export async function createRecord(
  deps: CommandModuleDeps,
  definition: ResourceDefinition,
  spec: {
    id: string;
    attributes: Record<string, unknown>;
    relationships?: Record<string, string | string[] | { type: string; id: string } | null>;
    metadata: CommandRequest['metadata'];
    idempotencyKey?: string;
    /** the JSON pointers the claims' conflicts name, by attribute (default `/data/attributes/<name>`) */
    pointers?: Record<string, string>;
    /**
     * keep the claims made when the record's event is refused: for an id drawn from a unique value, which writers
     * racing all claim for the same record (the one whose event went through holds them, whoever claimed)
     */
    keepClaimsOnRefusal?: boolean;
  },
): Promise<CommandResult> {
  const attributes = definition.attributes.parse(spec.attributes) as Record<string, unknown>;
  const values: UniqueValueChange[] = definition.unique.flatMap((field) => {
    const value = attributes[field];
    if (typeof value !== 'string') return [];
    const { scope, ownerType } = uniqueValueScopeOf(definition, field);
    return [
      {
        scope,
        value,
        pointer: spec.pointers?.[field] ?? `/data/attributes/${field}`,
        ...(spec.idempotencyKey ? { idempotencyKey: `${spec.idempotencyKey}:${field}` } : {}),
        stillHolds: async (holder, claimed) => {
          if (holder.type !== ownerType) return true;
          const state = await recordState(deps, definition, holder.id);
          return (
            (state.status === 'active' || state.status === 'softDeleted') &&
            state.attributes[field] === claimed
          );
        },
      },
    ];
  });
  const { ownerType } = definition.unique.length
    ? uniqueValueScopeOf(definition, definition.unique[0]!)
    : { ownerType: definition.type };
  return withUniqueValues(
    deps,
    {
      holder: { type: ownerType, id: spec.id },
      metadata: spec.metadata,
      releaseClaimedOnRefusal: spec.keepClaimsOnRefusal !== true,
      values,
    },
    () =>
      deps.handle({
        streamId: definition.streamId(spec.id),
        decider: resourceDecider(definition, spec.id),
        command: {
          type: 'CreateResource',
          data: { id: spec.id, attributes, relationships: spec.relationships ?? {} },
          metadata: spec.metadata,
        },
        ...(spec.idempotencyKey ? { idempotencyKey: `${spec.idempotencyKey}:record` } : {}),
      }),
  );
}
