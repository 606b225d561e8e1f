import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { userStreamId } from '@platform/contracts/accounts/events';
import { NotFoundError, ValidationError } from '@platform/contracts/errors';
import { organizationStreamId } from '@platform/contracts/organizations/events';
import type { ResourceAction } from '@platform/contracts/resources/access';
import type { RelationshipValue, ResourceDefinition } from '@platform/contracts/resources/definition';
import { StreamNotFoundError, type EventStore } from '@platform/infra/event-store';
import { requireAllowed } from '@platform/infra/http/viewer';
import type { CommandModule, CommandModuleDeps } from '../app.ts';
import { deriveId } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { parseDocument, resourceDocument } from '../http/validate.ts';
import { recordEnvironmentUpdated } from '../environment/record.ts';
import type { CommandResult } from '../handler.ts';
import { claimPath, PATH_SCOPE, releasePath, type ClaimScope } from '../paths/claims.ts';
import { resourceDecider, type ResourceCommand, type ResourceState } from './decide.ts';

const uuid = z.string().uuid();

/** Where the records of a type a relationship may point at live: their stream, their ids, their fixed rows. */
export interface RecordTarget {
  streamId(id: string): string;
  idSchema: z.ZodType<string>;
  /** ids that exist before any event (a resource's fixed rows) */
  fixed: ReadonlySet<string>;
}

const handWritten = (streamId: (id: string) => string): RecordTarget => ({
  streamId,
  idSchema: uuid,
  fixed: new Set(),
});
/** The hand-written record types a resource may point at, beside the resources themselves. */
const HAND_WRITTEN_TARGETS: Record<string, RecordTarget> = {
  users: handWritten(userStreamId),
  organizations: handWritten(organizationStreamId),
  'app-pages': handWritten((id) => `page-${id}`),
};

export const resourceTarget = (definition: ResourceDefinition): RecordTarget => ({
  streamId: definition.streamId,
  idSchema: definition.idSchema,
  fixed: new Set(definition.fixedRows.rows.map((r) => r.id)),
});

const authorize = (definition: ResourceDefinition, action: ResourceAction, res: Response) =>
  requireAllowed(res, definition.access[action], `${definition.singular}: ${action}`);

function relationshipsSchema(definition: ResourceDefinition, targets: Map<string, RecordTarget>) {
  const shape: z.ZodRawShape = {};
  for (const [name, spec] of Object.entries(definition.relationships)) {
    const id = targets.get(spec.type)?.idSchema ?? uuid;
    const identifier = z.object({ type: z.literal(spec.type), id }).strict();
    const data = spec.many ? z.array(identifier).max(1000) : identifier.nullable();
    shape[name] = z.object({ data }).strict().optional();
  }
  return z.object(shape).strict().optional();
}

function relationshipValues(
  given: Record<string, { data: { id: string } | null | Array<{ id: string }> } | undefined> | undefined,
): Record<string, RelationshipValue> {
  const values: Record<string, RelationshipValue> = {};
  for (const [name, rel] of Object.entries(given ?? {})) {
    if (!rel) continue;
    values[name] = Array.isArray(rel.data) ? [...new Set(rel.data.map((r) => r.id))] : (rel.data?.id ?? null);
  }
  return values;
}

/**
 * One router for every resource of the catalogue: POST (create), PATCH (update, If-Match), DELETE (delete),
 * POST …/soft-delete and …/restore for soft-deletable types. Each answers with the position of its last event
 * (read your writes) and the record's stream version (the next If-Match).
 */
export function resourceCommandRoutes(catalogue: readonly ResourceDefinition[]): CommandModule {
  const targets = new Map<string, RecordTarget>(Object.entries(HAND_WRITTEN_TARGETS));
  for (const definition of catalogue) targets.set(definition.type, resourceTarget(definition));

  return (deps: CommandModuleDeps): Router => {
    const router = express.Router();
    for (const definition of catalogue) mount(router, definition, deps, targets);
    return router;
  };
}

async function load(
  eventStore: EventStore,
  definition: ResourceDefinition,
  id: string,
): Promise<ResourceState> {
  const decider = resourceDecider(definition, id);
  try {
    const events = await eventStore.readStream(definition.streamId(id));
    return events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data }), decider.initialState());
  } catch (error) {
    if (error instanceof StreamNotFoundError) return decider.initialState();
    throw error;
  }
}

function mount(
  router: Router,
  definition: ResourceDefinition,
  deps: CommandModuleDeps,
  targets: Map<string, RecordTarget>,
): void {
  const { type } = definition;
  /** the decider of one record: a fixed row exists before its stream's first event */
  const deciderOf = (id: string) => resourceDecider(definition, id);
  const createDocument = resourceDocument({
    type,
    // a fixed row's key is not for new records: they get uuids
    id: uuid.optional(),
    attributes: definition.attributes.strict().default({}),
    relationships: relationshipsSchema(definition, targets),
  });
  const updateDocument = resourceDocument({
    type,
    id: definition.idSchema,
    attributes: definition.patch.default({}),
    relationships: relationshipsSchema(definition, targets),
  });
  // a scope of the type's own per unique attribute, or one shared with a hand-written module (site paths, whose
  // claims name their holder by its singular, as pages and the redirections written before the layer do)
  const scopes = new Map<string, { scope: ClaimScope; ownerType: string }>(
    definition.unique.map((field) => [
      field,
      definition.claimScopes[field] === 'path'
        ? { scope: PATH_SCOPE, ownerType: definition.singular }
        : {
            scope: {
              category: `${definition.category}${field.toLowerCase()}claim`,
              normalise: (value: string) => value,
              conflictCode: 'conflict.duplicate_value',
              noun: `${definition.singular} ${field}`,
            },
            ownerType: type,
          },
    ]),
  );

  const idOf = (req: Request): string => {
    const id = String(req.params.id);
    if (!definition.idSchema.safeParse(id).success)
      throw new NotFoundError(`${definition.singular} ${id} not found`);
    return id;
  };

  /** Every related id must name a record that exists (and is not deleted): 422 on the relationship otherwise. */
  const checkTargets = async (relationships: Record<string, RelationshipValue>) => {
    const issues = [];
    for (const [name, value] of Object.entries(relationships)) {
      const target = definition.relationships[name]!.type;
      const known = targets.get(target);
      const ids = value === null ? [] : Array.isArray(value) ? value : [value];
      for (const [index, id] of ids.entries()) {
        const exists = known ? await recordExists(deps.eventStore, known, id) : false;
        if (!exists)
          issues.push({
            code: 'validation.invalid' as const,
            detail: `There is no ${target} ${id}`,
            pointer: `/data/relationships/${name}/data${Array.isArray(value) ? `/${index}` : ''}/id`,
          });
      }
    }
    if (issues.length) throw new ValidationError(issues);
  };

  const claimsFor = async (
    id: string,
    attributes: Record<string, unknown>,
    metadata: ReturnType<CommandModuleDeps['commandRequest']>['metadata'],
    key: string | undefined,
  ) => {
    for (const [field, { scope, ownerType }] of scopes) {
      const value = attributes[field];
      if (typeof value !== 'string') continue;
      await claimPath(deps, value, { type: ownerType, id }, metadata, {
        scope,
        pointer: `/data/attributes/${field}`,
        stillHolds: async (holder, claimed) => {
          if (holder.type !== ownerType) return true;
          const state = await load(deps.eventStore, definition, holder.id);
          return (
            (state.status === 'active' || state.status === 'softDeleted') &&
            state.attributes[field] === claimed
          );
        },
        ...(key !== undefined ? { idempotencyKey: `${key}:claim:${field}` } : {}),
      });
    }
  };

  const releaseFor = async (
    id: string,
    before: Record<string, unknown>,
    after: Record<string, unknown> | null,
    metadata: ReturnType<CommandModuleDeps['commandRequest']>['metadata'],
    key: string | undefined,
  ) => {
    for (const [field, { scope, ownerType }] of scopes) {
      const old = before[field];
      if (typeof old !== 'string' || (after !== null && after[field] === old)) continue;
      await releasePath(deps, old, { type: ownerType, id }, metadata, {
        scope,
        ...(key !== undefined ? { idempotencyKey: `${key}:release:${field}` } : {}),
      });
    }
  };

  /**
   * Seed 000 §4: saving or deleting what the public site renders marks the app environment as updated; the answer
   * then carries the signal's position, so a read after it sees both. A retry derives the same signal (no second).
   */
  const signal = async (
    id: string,
    action: 'saved' | 'deleted',
    result: CommandResult,
    metadata: ReturnType<CommandModuleDeps['commandRequest']>['metadata'],
  ): Promise<CommandResult> => {
    if (!definition.updatesEnvironment || !result.events.length) return result;
    const { position } = await recordEnvironmentUpdated(deps, {
      metadata,
      reason: { resourceType: type, resourceId: id, action },
      causeEventIds: result.events.map((e) => e.eventId),
    });
    return { ...result, position };
  };

  router.post(`/${type}`, async (req, res) => {
    const request = deps.commandRequest(req, res);
    authorize(definition, 'create', res);
    const doc = parseDocument(createDocument, req.body);
    const key = request.idempotencyKey;
    const id = doc.data.id ?? (key ? deriveId(key, type) : randomUUID());
    const relationships = relationshipValues(doc.data.relationships as never);
    await checkTargets(relationships);
    const command: ResourceCommand = {
      type: 'CreateResource',
      data: { id, attributes: doc.data.attributes, relationships },
      metadata: request.metadata,
    };
    // refuse what the decider would refuse before claiming, so a bad request leaves no claim behind
    const current = await load(deps.eventStore, definition, id);
    if (!(key && current.status !== 'none')) deciderOf(id).decide(command, current);
    await claimsFor(id, doc.data.attributes, request.metadata, key);
    const result = await deps.handle({
      streamId: definition.streamId(id),
      decider: deciderOf(id),
      command,
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    sendCommandResult(res, {
      type,
      id,
      result: await signal(id, 'saved', result, request.metadata),
      status: 201,
    });
  });

  router.patch(`/${type}/:id`, async (req, res) => {
    const id = idOf(req);
    const request = deps.commandRequest(req, res);
    authorize(definition, 'update', res);
    const doc = parseDocument(updateDocument, req.body);
    if (doc.data.id !== id) throw ValidationError.at('/data/id', `The document's id must be ${id}`);
    const key = request.idempotencyKey;
    const relationships = relationshipValues(doc.data.relationships as never);
    await checkTargets(relationships);
    const attributes = Object.fromEntries(
      Object.entries(doc.data.attributes as Record<string, unknown>).filter(([, v]) => v !== undefined),
    );
    const command: ResourceCommand = {
      type: 'UpdateResource',
      data: { id, attributes, relationships },
      metadata: request.metadata,
    };
    const current = await load(deps.eventStore, definition, id);
    const before = current.status === 'active' ? current.attributes : {};
    if (!key) deciderOf(id).decide(command, current);
    const changed = Object.fromEntries(Object.entries(attributes).filter(([f, v]) => before[f] !== v));
    await claimsFor(id, changed, request.metadata, key);
    const result = await deps.handle({
      streamId: definition.streamId(id),
      decider: deciderOf(id),
      command,
      ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    if (result.events.length)
      await releaseFor(id, before, { ...before, ...attributes }, request.metadata, key);
    sendCommandResult(res, { type, id, result: await signal(id, 'saved', result, request.metadata) });
  });

  const lifecycle = (
    path: string,
    method: 'post' | 'delete',
    action: ResourceAction,
    commandType: 'SoftDeleteResource' | 'RestoreResource' | 'DeleteResource',
  ) => {
    router[method](path, async (req, res) => {
      const id = idOf(req);
      const request = deps.commandRequest(req, res);
      authorize(definition, action, res);
      const key = request.idempotencyKey;
      const current = await load(deps.eventStore, definition, id);
      const result = await deps.handle({
        streamId: definition.streamId(id),
        decider: deciderOf(id),
        command: { type: commandType, data: { id }, metadata: request.metadata },
        ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
        ...(key !== undefined ? { idempotencyKey: key } : {}),
      });
      if (
        commandType === 'DeleteResource' &&
        result.events.length &&
        current.status !== 'none' &&
        current.status !== 'deleted'
      )
        await releaseFor(id, current.attributes, null, request.metadata, key);
      const done = commandType === 'RestoreResource' ? 'saved' : 'deleted';
      sendCommandResult(res, { type, id, result: await signal(id, done, result, request.metadata) });
    });
  };
  lifecycle(`/${type}/:id`, 'delete', 'delete', 'DeleteResource');
  if (definition.softDeletable) {
    lifecycle(`/${type}/:id/soft-delete`, 'post', 'softDelete', 'SoftDeleteResource');
    lifecycle(`/${type}/:id/restore`, 'post', 'restore', 'RestoreResource');
  }
}

/**
 * A target exists when its stream does (or it is a fixed row) and its last event did not delete it (or soft-delete
 * it). Also what a hand-written module asks about an id it stores (a user's job).
 */
export async function recordExists(
  eventStore: EventStore,
  target: RecordTarget,
  id: string,
): Promise<boolean> {
  if (!target.idSchema.safeParse(id).success) return false;
  try {
    const events = await eventStore.readStream(target.streamId(id), { direction: 'backwards', maxCount: 1 });
    const last = events[0];
    return last !== undefined && !last.type.endsWith('Deleted');
  } catch (error) {
    if (error instanceof StreamNotFoundError) return target.fixed.has(id);
    throw error;
  }
}
