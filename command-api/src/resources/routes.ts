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
import { claimPath, releasePath, type ClaimScope } from '../paths/claims.ts';
import { resourceDecider, type ResourceCommand, type ResourceState } from './decide.ts';

const uuid = z.string().uuid();

/** Streams of the hand-written record types a resource may point at, beside the resources themselves. */
const HAND_WRITTEN_TARGETS: Record<string, (id: string) => string> = {
  users: userStreamId,
  organizations: organizationStreamId,
  'app-pages': (id) => `page-${id}`,
};

const authorize = (definition: ResourceDefinition, action: ResourceAction, res: Response) =>
  requireAllowed(res, definition.access[action], `${definition.singular}: ${action}`);

function relationshipsSchema(definition: ResourceDefinition) {
  const shape: z.ZodRawShape = {};
  for (const [name, spec] of Object.entries(definition.relationships)) {
    const identifier = z.object({ type: z.literal(spec.type), id: uuid }).strict();
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
  const streamOf = new Map<string, (id: string) => string>(Object.entries(HAND_WRITTEN_TARGETS));
  for (const definition of catalogue) streamOf.set(definition.type, definition.streamId);

  return (deps: CommandModuleDeps): Router => {
    const router = express.Router();
    for (const definition of catalogue) mount(router, definition, deps, streamOf);
    return router;
  };
}

async function load(
  eventStore: EventStore,
  definition: ResourceDefinition,
  id: string,
): Promise<ResourceState> {
  const decider = resourceDecider(definition);
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
  streamOf: Map<string, (id: string) => string>,
): void {
  const { type } = definition;
  const decider = resourceDecider(definition);
  const createDocument = resourceDocument({
    type,
    id: uuid.optional(),
    attributes: definition.attributes.strict().default({}),
    relationships: relationshipsSchema(definition),
  });
  const updateDocument = resourceDocument({
    type,
    id: uuid,
    attributes: definition.patch.default({}),
    relationships: relationshipsSchema(definition),
  });
  const scopes = new Map<string, ClaimScope>(
    definition.unique.map((field) => [
      field,
      {
        category: `${definition.category}${field.toLowerCase()}claim`,
        normalise: (value: string) => value,
        conflictCode: 'conflict.duplicate_value',
        noun: `${definition.singular} ${field}`,
      },
    ]),
  );
  const owner = (id: string) => ({ type, id });

  const idOf = (req: Request): string => {
    const id = String(req.params.id);
    if (!uuid.safeParse(id).success) throw new NotFoundError(`${definition.singular} ${id} not found`);
    return id;
  };

  /** Every related id must name a record that exists (and is not deleted): 422 on the relationship otherwise. */
  const checkTargets = async (relationships: Record<string, RelationshipValue>) => {
    const issues = [];
    for (const [name, value] of Object.entries(relationships)) {
      const target = definition.relationships[name]!.type;
      const streamId = streamOf.get(target);
      const ids = value === null ? [] : Array.isArray(value) ? value : [value];
      for (const [index, id] of ids.entries()) {
        const exists = streamId ? await streamExists(deps.eventStore, streamId(id)) : false;
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
    for (const [field, scope] of scopes) {
      const value = attributes[field];
      if (typeof value !== 'string') continue;
      await claimPath(deps, value, owner(id), metadata, {
        scope,
        pointer: `/data/attributes/${field}`,
        stillHolds: async (holder, claimed) => {
          if (holder.type !== type) return true;
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
    for (const [field, scope] of scopes) {
      const old = before[field];
      if (typeof old !== 'string' || (after !== null && after[field] === old)) continue;
      await releasePath(deps, old, owner(id), metadata, {
        scope,
        ...(key !== undefined ? { idempotencyKey: `${key}:release:${field}` } : {}),
      });
    }
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
    if (!(key && current.status !== 'none')) decider.decide(command, current);
    await claimsFor(id, doc.data.attributes, request.metadata, key);
    const result = await deps.handle({
      streamId: definition.streamId(id),
      decider,
      command,
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    sendCommandResult(res, { type, id, result, status: 201 });
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
    if (!key) decider.decide(command, current);
    const changed = Object.fromEntries(Object.entries(attributes).filter(([f, v]) => before[f] !== v));
    await claimsFor(id, changed, request.metadata, key);
    const result = await deps.handle({
      streamId: definition.streamId(id),
      decider,
      command,
      ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    if (result.events.length)
      await releaseFor(id, before, { ...before, ...attributes }, request.metadata, key);
    sendCommandResult(res, { type, id, result });
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
        decider,
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
      sendCommandResult(res, { type, id, result });
    });
  };
  lifecycle(`/${type}/:id`, 'delete', 'delete', 'DeleteResource');
  if (definition.softDeletable) {
    lifecycle(`/${type}/:id/soft-delete`, 'post', 'softDelete', 'SoftDeleteResource');
    lifecycle(`/${type}/:id/restore`, 'post', 'restore', 'RestoreResource');
  }
}

/** A target exists when its stream does and its last event did not delete it (or soft-delete it). */
async function streamExists(eventStore: EventStore, streamId: string): Promise<boolean> {
  try {
    const events = await eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    const last = events[0];
    return last !== undefined && !last.type.endsWith('Deleted');
  } catch (error) {
    if (error instanceof StreamNotFoundError) return false;
    throw error;
  }
}
