import express, { type Router } from 'express';
import { UnauthenticatedError, NotFoundError } from '@platform/contracts/errors';
import type { ResourceDefinition, ResourceFeatures } from '@platform/contracts/resources/definition';
import { likeEndpoints } from '@platform/contracts/resources/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import {
  decideLike,
  evolveLike,
  initialLikeState,
  readable,
  type LikeData,
  type LikeEvent,
  type LikeState,
} from '@platform/contracts/resources/likes';
import { loadState } from '@platform/infra/event-store';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModule } from '../app.ts';
import type { Command, Decider } from '../decider.ts';
import { deriveId } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { resourceDecider } from './decide.ts';

type LikeCommand = Command<'Like', { like: boolean } & LikeData>;

const likeDecider: Decider<LikeCommand, LikeEvent, LikeState> = {
  initialState: initialLikeState,
  evolve: evolveLike,
  decide: (command, state) => decideLike(state, command.data),
};

/** The like of one member for one record: its own stream, so that a member likes a record once. */
export const likeId = (userId: string, type: string, recordId: string) =>
  deriveId('like', userId, type, recordId);

/**
 * Whether a request path is a like route (`/{type}/{id}/like` of a likable type) while the likes feature is off
 * (FEATURE_LIKES): such a path answers 404, whatever the method.
 */
export function likesSwitchedOff(
  path: string,
  catalogue: readonly ResourceDefinition[],
  features: Partial<ResourceFeatures>,
): boolean {
  if (features.likes !== false) return false;
  const segments = path.split('/').filter(Boolean);
  return (
    segments.length === 3 &&
    segments[2] === 'like' &&
    catalogue.some((d) => d.traits.likable && d.type === segments[0])
  );
}

/**
 * POST /{type}/{id}/like and DELETE /{type}/{id}/like for the likable types: a signed-in member likes (or no
 * longer likes) a record; both are idempotent (a second like records nothing). A like of a record the member
 * cannot read answers 404, as its find does; an unlike is always taken. With the likes feature off (`features`),
 * both answer 404.
 */
export function likeRoutes(
  catalogue: readonly ResourceDefinition[],
  options: { features?: Partial<ResourceFeatures> } = {},
): CommandModule {
  const features = options.features ?? {};
  return (deps): Router => {
    const router = express.Router();
    router.use((req, _res, next) => {
      next(
        likesSwitchedOff(req.path, catalogue, features)
          ? new NotFoundError('No route for this call')
          : undefined,
      );
    });
    for (const definition of catalogue.filter((d) => d.traits.likable)) {
      const endpoints = likeEndpoints(definition.type);
      for (const method of ['post', 'delete'] as const) {
        mountEndpoint(router, method === 'post' ? endpoints.like : endpoints.unlike, async (req, res) => {
          const request = deps.commandRequest(req, res);
          const viewer = viewerOf(res);
          if (viewer.userId === null) throw new UnauthenticatedError();
          const recordId = String(req.params.id);
          const notFound = new NotFoundError(`${definition.singular} ${recordId} not found`);
          if (!definition.idSchema.safeParse(recordId).success) throw notFound;
          // a like is for what the member can read; an unlike always goes through, so that a like of a record
          // since hidden or deleted can still be taken back
          if (method === 'post') {
            const { state } = await loadState(
              deps.eventStore,
              definition.streamId(recordId),
              resourceDecider(definition, recordId),
            );
            if (!readable(definition, state, viewer, request.metadata.now)) throw notFound;
          }
          const id = likeId(viewer.userId, definition.type, recordId);
          const result = await deps.handle({
            streamId: `like-${id}`,
            decider: likeDecider,
            command: {
              type: 'Like',
              data: { like: method === 'post', recordType: definition.type, recordId, userId: viewer.userId },
              metadata: request.metadata,
            },
            ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
          });
          sendCommandResult(res, { type: 'likes', id, result });
        });
      }
    }
    return router;
  };
}
