import express, { type Router } from 'express';
import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { z } from 'zod/v4';
import { userStreamId } from '@platform/contracts/accounts/events';
import { hasAdministratorRole, isAdministrator } from '@platform/contracts/accounts/rules';
import { ConflictError, ForbiddenError, NotFoundError } from '@platform/contracts/errors';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModuleDeps } from '../app.ts';
import { userDecider } from '../accounts/decide.ts';
import { loadUser } from '../accounts/store.ts';
import { sendCommandResult } from '../http/respond.ts';
import { startSession, type AuthContext } from './context.ts';
import { sessionOf } from './session-middleware.ts';

const uuid = z.string().uuid();

/**
 * Impersonation (impersonate feature): an administrator signed in with a session becomes another user
 * (POST /services/users/:id/impersonate) and comes back (DELETE /services/users/impersonate, seed 000 §7).
 * The session keeps the administrator's id: every command made meanwhile records them as the impersonator.
 * Both steps rotate the session and are events on the impersonated user's stream.
 */
export function impersonationRoutes(ctx: AuthContext) {
  return (deps: CommandModuleDeps): Router => {
    const router = express.Router();
    router.use('/services/users', (_req, _res, next) => {
      if (!ctx.features.impersonate) throw new NotFoundError('No route for this call');
      next();
    });

    mountEndpoint(router, authEndpoints.impersonate, async (req, res, { params }) => {
      const request = deps.commandRequest(req, res);
      const session = sessionOf(res);
      if (!session) throw new ForbiddenError('Impersonation needs a signed-in session, not an API token');
      if (session.impersonatorId)
        throw new ConflictError('conflict.state', 'Stop the current impersonation first');
      if (!isAdministrator(viewerOf(res))) throw new ForbiddenError('Impersonation requires the admin role');
      const targetId = params.id;
      if (!uuid.safeParse(targetId).success) throw new NotFoundError(`user ${targetId} not found`);
      const { state } = await loadUser(deps.eventStore, targetId);
      if (state.status !== 'active') throw new NotFoundError(`user ${targetId} not found`);
      if (hasAdministratorRole(state.roles))
        throw new ForbiddenError('Administrators cannot be impersonated');
      const result = await deps.handle({
        streamId: userStreamId(targetId),
        decider: userDecider,
        command: {
          type: 'StartImpersonation',
          data: { id: targetId, impersonatorId: session.userId },
          metadata: request.metadata,
        },
      });
      await startSession(ctx, req, res, {
        userId: targetId,
        impersonatorId: session.userId,
        stage: 'authenticated',
      });
      sendCommandResult(res, { type: 'users', id: targetId, result });
    });

    mountEndpoint(router, authEndpoints.stopImpersonating, async (req, res) => {
      const request = deps.commandRequest(req, res);
      const session = sessionOf(res);
      if (!session?.impersonatorId)
        throw new ConflictError('conflict.state', 'No impersonation is in progress');
      const result = await deps.handle({
        streamId: userStreamId(session.userId),
        decider: userDecider,
        command: {
          type: 'StopImpersonation',
          data: { id: session.userId, impersonatorId: session.impersonatorId },
          metadata: request.metadata,
        },
      });
      await startSession(ctx, req, res, { userId: session.impersonatorId, stage: 'authenticated' });
      sendCommandResult(res, { type: 'users', id: session.userId, result });
    });
    return router;
  };
}
