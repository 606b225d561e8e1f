import { randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import { z } from 'zod/v4';
import { ConflictError, DomainError, NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import {
  nextBadgeVersion,
  openBadgeResource,
  OpenBadgeModulesSchema,
} from '@platform/contracts/open-badges/records';
import { openBadgeEndpoints } from '@platform/contracts/open-badges/endpoints';
import { allows } from '@platform/contracts/resources/access';
import { readable } from '@platform/contracts/resources/likes';
import { recordFacts } from '@platform/contracts/resources/state';
import { loadState } from '@platform/infra/event-store';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModuleDeps } from '../app.ts';
import type { Decider } from '../decider.ts';
import { deriveId } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import {
  resourceDecider,
  type ResourceCommand,
  type ResourceState,
  type StoredResourceEvent,
} from '../resources/decide.ts';

const definition = openBadgeResource;
const uuid = z.string().uuid();

/**
 * The old badge's side of a new version: its `newestBadge` set to the new one, refused (409) when it already has
 * another newer version, decided on the stream as it stands when appended (a concurrent new version is retried
 * against it and refused, so a badge never forks into two newer versions).
 */
function successorDecider(
  oldId: string,
  newId: string,
): Decider<ResourceCommand, StoredResourceEvent, ResourceState> {
  const plain = resourceDecider(definition, oldId);
  return {
    ...plain,
    decide(command, state) {
      const newest = state.status === 'active' ? state.relationships.newestBadge : null;
      if (typeof newest === 'string' && newest !== newId)
        throw new ConflictError(
          'conflict.state',
          `open-badge ${oldId} already has a newer version, ${newest}: make the next version from that one`,
        );
      return plain.decide(command, state);
    },
  };
}

/**
 * POST /api/v1/services/open-badges/badges/{id}/new-version: a keeper of the badge (an issuer acting as its
 * organization, an administrator) makes its next version, an unpublished copy (modules with ids of their own) whose
 * `previousBadge` is the badge and whose version is the next one (nextBadgeVersion); the badge's `newestBadge` names
 * it. Two events through the layer's decider: the badge's (first, so two concurrent requests cannot both succeed)
 * and the new badge's creation. Answers 201 with the new badge, at the position of its creation. With an
 * Idempotency-Key a retry appends nothing and gets the same badge.
 */
export function openBadgeVersionRoutes(deps: CommandModuleDeps): Router {
  const router = express.Router();
  mountEndpoint(router, openBadgeEndpoints.newBadgeVersion, async (req, res, { params }) => {
    const oldId = params.id;
    const notFound = new NotFoundError(`open-badge ${oldId} not found`);
    if (!uuid.safeParse(oldId).success) throw notFound;
    const request = deps.commandRequest(req, res);
    const viewer = viewerOf(res);
    const { state } = await loadState(
      deps.eventStore,
      definition.streamId(oldId),
      resourceDecider(definition, oldId),
    );
    if (state.status !== 'active') throw notFound;
    const facts = recordFacts(definition, state);
    if (
      !allows(definition.access.update, viewer, facts) ||
      !allows(definition.access.create, viewer, facts)
    ) {
      // a badge the viewer may not even read is not found, as a find of it answers
      if (!readable(definition, state, viewer, request.metadata.now)) throw notFound;
      if (viewer.userId === null) throw new UnauthenticatedError();
      throw new DomainError('auth.forbidden', `open-badge ${oldId}: new-version is not allowed`);
    }
    const key = request.idempotencyKey;
    const newId = key !== undefined ? deriveId(key, definition.type, 'new-version', oldId) : randomUUID();
    const { attributes, relationships } = state;
    const modules = OpenBadgeModulesSchema.parse(attributes.modules ?? []).map((module) => ({
      ...module,
      id: deriveId(newId, 'module', module.id),
    }));
    await deps.handle({
      streamId: definition.streamId(oldId),
      decider: successorDecider(oldId, newId),
      command: {
        type: 'UpdateResource',
        data: { id: oldId, attributes: {}, relationships: { newestBadge: newId } },
        metadata: request.metadata,
      },
      ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
      ...(key !== undefined ? { idempotencyKey: `${key}:previous` } : {}),
    });
    const created = await deps.handle({
      streamId: definition.streamId(newId),
      decider: resourceDecider(definition, newId),
      command: {
        type: 'CreateResource',
        data: {
          id: newId,
          attributes: definition.attributes.parse({
            title: attributes.title,
            description: attributes.description,
            version: nextBadgeVersion(String(attributes.version ?? '1')),
            validityDuration: attributes.validityDuration ?? null,
            modules,
            publishedAt: null,
          }) as Record<string, unknown>,
          relationships: {
            image: relationships.image ?? null,
            criteriaFile: relationships.criteriaFile ?? null,
            organization: relationships.organization ?? null,
            accessLevel: relationships.accessLevel ?? null,
            previousBadge: oldId,
          },
        },
        metadata: request.metadata,
      },
      ...(key !== undefined ? { idempotencyKey: `${key}:next` } : {}),
    });
    sendCommandResult(res, { type: definition.type, id: newId, result: created, status: 201 });
  });
  return router;
}
