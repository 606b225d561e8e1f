import { randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import { z } from 'zod/v4';
import { userStreamId } from '@platform/contracts/accounts/events';
import { NotFoundError, ValidationError } from '@platform/contracts/errors';
import { accountEndpoints } from '@platform/contracts/accounts/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { CommandModuleDeps } from '../app.ts';
import { deriveId } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { requireAccountsAdmin, requireSelfOrAdmin, signedInUserId, userIdParam } from './authorize.ts';
import { userDecider } from './decide.ts';
import type { AccountsCommandOptions } from './options.ts';
import { organizationExists } from '../organizations/exists.ts';

const uuid = z.string().uuid();

const UserOfRequest = z.object({ user_id: z.string() });

/**
 * Acting on behalf of an organization (PATCH /users/:id/relationships/acting-as-organization) and validation
 * requests (POST /validation-requests by the user, PATCH /validation-requests/:id by an administrator).
 */
export function membershipCommandRoutes(deps: CommandModuleDeps, options: AccountsCommandOptions): Router {
  const router = express.Router();
  const { features } = options;

  mountEndpoint(router, accountEndpoints.actAs, async (req, res, call) => {
    if (!features.organizations || !features.userOrganizations)
      throw new NotFoundError('No route for this call');
    const request = deps.commandRequest(req, res);
    const id = userIdParam(req, res);
    requireSelfOrAdmin(res, id);
    const doc = call.body();
    const result = await deps.handle({
      streamId: userStreamId(id),
      decider: userDecider,
      command: {
        type: 'SwitchActingOrganization',
        data: { id, organizationId: doc.data?.id ?? null },
        metadata: request.metadata,
      },
    });
    // what the viewer may see changed: a new session id (ARCHITECTURE.md §4, session fixation)
    if (result.events.length > 0 && res.locals.viewer?.userId === id)
      await options.hooks?.privilegeChanged?.(req, res, id);
    sendCommandResult(res, { type: 'users', id, result });
  });

  mountEndpoint(router, accountEndpoints.requestValidation, async (req, res, call) => {
    if (!features.validationRequests) throw new NotFoundError('No route for this call');
    const request = deps.commandRequest(req, res);
    const userId = signedInUserId(res);
    const doc = call.body();
    const key = request.idempotencyKey;
    const requestId = doc.data.id ?? (key ? deriveId(key, 'validation-requests') : randomUUID());
    const attached = doc.data.relationships?.attachedOrganization?.data?.id ?? null;
    if (attached !== null && !(await organizationExists(deps.eventStore, attached))) {
      throw ValidationError.at('/data/relationships/attachedOrganization/data/id', 'no such organization');
    }
    const result = await deps.handle({
      streamId: userStreamId(userId),
      decider: userDecider,
      command: {
        type: 'RequestValidation',
        data: {
          id: userId,
          requestId,
          description: doc.data.attributes.description,
          attachedOrganizationId: attached,
        },
        metadata: request.metadata,
      },
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    sendCommandResult(res, { type: 'validation-requests', id: requestId, result, status: 201 });
  });

  mountEndpoint(router, accountEndpoints.decideValidationRequest, async (req, res, call) => {
    if (!features.validationRequests) throw new NotFoundError('No route for this call');
    const request = deps.commandRequest(req, res);
    requireAccountsAdmin(res);
    const requestId = call.params.id;
    if (!uuid.safeParse(requestId).success)
      throw new NotFoundError(`validation request ${requestId} not found`);
    const doc = call.body();
    // the request's user: a routing lookup on the read model; the decision itself is made on the user's stream
    const row = deps.readSql
      ? (await deps.readSql`select user_id from read.validation_requests where id = ${requestId}`)[0]
      : undefined;
    if (!row) throw new NotFoundError(`validation request ${requestId} not found`);
    const userId = UserOfRequest.parse(row).user_id;
    const { status, refuseReason } = doc.data.attributes;
    const result = await deps.handle({
      streamId: userStreamId(userId),
      decider: userDecider,
      command: {
        type: 'DecideValidationRequest',
        data: {
          id: userId,
          requestId,
          decision: status,
          reason: status === 'refused' ? (refuseReason ?? null) : null,
        },
        metadata: request.metadata,
      },
    });
    sendCommandResult(res, { type: 'validation-requests', id: requestId, result });
  });

  return router;
}
