import express, { type Request, type Router } from 'express';
import { z } from 'zod/v4';
import { userStreamId } from '@platform/contracts/accounts/events';
import { NotFoundError } from '@platform/contracts/errors';
import { organizationResource } from '@platform/contracts/organizations/organization';
import { organizationEndpoints } from '@platform/contracts/organizations/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { CommandModuleDeps } from '../app.ts';
import { requireAccountsAdmin } from '../accounts/authorize.ts';
import { userDecider } from '../accounts/decide.ts';
import type { AccountsCommandOptions } from '../accounts/options.ts';
import { loadUser } from '../accounts/store.ts';
import type { CommandResult } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { organizationExists } from './exists.ts';
import { decideMemberships } from './memberships.ts';

const TYPE = organizationResource.type;
const uuid = z.string().uuid();

function organizationIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!uuid.safeParse(id).success) throw new NotFoundError(`organization ${id} not found`);
  return id;
}

/**
 * What the organizations module keeps beside the organizations resource (which the resource layer serves): the
 * feature switch (404 on /organizations while the organizations feature is off, mounted before the layer) and the
 * members. Members join (POST) or leave (DELETE) /organizations/{id}/relationships/users; the membership lives on
 * each user's stream: the whole list is decided first (every user must exist and be able to take the change), so
 * a refused list appends nothing; then each user whose membership changes gets one append on their stream.
 */
export function organizationsCommandRoutes(deps: CommandModuleDeps, options: AccountsCommandOptions): Router {
  const router = express.Router();
  router.use(`/${TYPE}`, (_req, _res, next) => {
    if (!options.features.organizations) throw new NotFoundError('No route for this call');
    next();
  });

  for (const method of ['post', 'delete'] as const) {
    const endpoint = method === 'post' ? organizationEndpoints.addUsers : organizationEndpoints.removeUsers;
    mountEndpoint(router, endpoint, async (req, res, call) => {
      if (!options.features.userOrganizations) throw new NotFoundError('No route for this call');
      const id = organizationIdOf(req);
      const request = deps.commandRequest(req, res);
      requireAccountsAdmin(res);
      const doc = call.body();
      if (!(await organizationExists(deps.eventStore, id)))
        throw new NotFoundError(`organization ${id} not found`);
      const users = await Promise.all(
        doc.data.map(async (user) => ({
          id: user.id,
          state: (await loadUser(deps.eventStore, user.id)).state,
        })),
      );
      const change = method === 'post' ? 'join' : 'leave';
      const decisions = decideMemberships(change, id, users, request.metadata);
      const type = method === 'post' ? 'JoinOrganization' : 'LeaveOrganization';
      // the answer's position covers every append of the request (a later query reads all of them)
      let answer: CommandResult | null = null;
      for (const decision of decisions) {
        // decided above; decided again on the stream as it is at the append (a concurrent writer is retried)
        const result = await deps.handle({
          streamId: userStreamId(decision.userId),
          decider: userDecider,
          command: { type, data: { id: decision.userId, organizationId: id }, metadata: request.metadata },
        });
        if (!answer || (await deps.eventStore.comparePositions(result.position, answer.position)) > 0) {
          answer = result;
        }
      }
      sendCommandResult(res, { type: TYPE, id, result: answer! });
    });
  }

  return router;
}
