import { randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import { contactEndpoints } from '@platform/contracts/contacts/endpoints';
import { lightUserFormInputResource, lightUserResource } from '@platform/contracts/contacts/records';
import { ConflictError, NotFoundError } from '@platform/contracts/errors';
import type { ResourceState } from '@platform/contracts/resources/state';
import { loadState } from '@platform/infra/event-store';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { requireAllowed } from '@platform/infra/http/viewer';
import type { CommandModuleDeps } from '../app.ts';
import type { Decider } from '../decider.ts';
import { deriveId } from '../handler.ts';
import { resourceDecider, type ResourceCommand, type StoredResourceEvent } from '../resources/decide.ts';
import { createRecord } from '../resources/record-writes.ts';
import { contactOf } from './routes.ts';

/**
 * An input's own decider, but an update of an input handled already is refused: decided on its stream, so two
 * members of the back office handling it at once cannot both do it (the loser decides again and is refused).
 */
function onceHandled(id: string): Decider<ResourceCommand, StoredResourceEvent, ResourceState> {
  const decider = resourceDecider(lightUserFormInputResource, id);
  return {
    ...decider,
    decide(command, state) {
      if (state.status === 'active' && state.attributes.handledAt != null)
        throw new ConflictError('conflict.input_handled', 'This input has been handled already');
      return decider.decide(command, state);
    },
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * POST /api/v1/services/light-user-form-inputs/{id}/handle (ADR 0060): the back office handles an input. The
 * contact that has its e-mail address now is kept (subscribed when the input asked it, its last action dated);
 * when none has, a contact is made from what the visitor wrote, its address claimed as any contact's is. The input
 * is then marked handled, naming the contact made (`createdLightUser`) or kept (`matchingLightUser`).
 *
 * One rule per action: handling is an update of the input (its `update` rule), and making a contact a create of
 * one (the contacts' `create` rule).
 */
export function lightUserInputHandleRoutes(deps: CommandModuleDeps): Router {
  const router = express.Router();
  mountEndpoint(router, contactEndpoints.handleInput, async (req, res, call) => {
    const id = call.params.id;
    requireAllowed(res, lightUserFormInputResource.access.update, 'light-user-form-input: update');
    if (!lightUserFormInputResource.idSchema.safeParse(id).success)
      throw new NotFoundError(`light-user-form-input ${id} not found`);
    const { metadata, idempotencyKey: key } = deps.commandRequest(req, res);
    const now = metadata.now.toISOString();
    const { state: input } = await loadState(
      deps.eventStore,
      lightUserFormInputResource.streamId(id),
      onceHandled(id),
    );
    if (input.status !== 'active') throw new NotFoundError(`light-user-form-input ${id} not found`);
    if (input.attributes.handledAt != null)
      throw new ConflictError('conflict.input_handled', 'This input has been handled already');
    const a = input.attributes;
    const email = String(a.userEmail);

    let contactId = await contactOf(deps, email);
    let created = false;
    let position: bigint;
    if (contactId === null) {
      requireAllowed(res, lightUserResource.access.create, 'light-user: create');
      const newId = key ? deriveId(key, lightUserResource.type, id) : randomUUID();
      const job = text(input.relationships.userJob);
      const made = await createRecord(deps, lightUserResource, {
        id: newId,
        attributes: {
          firstName: a.userFirstName,
          lastName: a.userLastName,
          email,
          phone: a.userPhone ?? null,
          jobOther: a.userJobOther ?? null,
          locale: a.locale ?? null,
          hasMailSubscription: a.userHasMailSubscription === true,
          lastActionAt: now,
        },
        relationships: job !== null ? { job } : {},
        metadata,
        pointers: { email: '/data/attributes/userEmail' },
        ...(key ? { idempotencyKey: `${key}:contact` } : {}),
      });
      contactId = newId;
      created = true;
      position = made.position;
    } else {
      const kept = contactId;
      const touched = await deps.handle({
        streamId: lightUserResource.streamId(kept),
        decider: resourceDecider(lightUserResource, kept),
        command: {
          type: 'UpdateResource',
          data: {
            id: kept,
            attributes: {
              lastActionAt: now,
              ...(a.userHasMailSubscription === true ? { hasMailSubscription: true } : {}),
            },
            relationships: {},
          },
          metadata,
        },
        ...(key ? { idempotencyKey: `${key}:contact` } : {}),
      });
      position = touched.position;
    }

    const handled = await deps.handle({
      streamId: lightUserFormInputResource.streamId(id),
      decider: onceHandled(id),
      command: {
        type: 'UpdateResource',
        data: {
          id,
          attributes: { handledAt: now },
          relationships: created ? { createdLightUser: contactId } : { matchingLightUser: contactId },
        },
        metadata,
      },
      ...(key ? { idempotencyKey: `${key}:input` } : {}),
    });
    if (handled.position > position) position = handled.position;
    res.status(201).json({
      data: { type: lightUserResource.type, id: contactId },
      meta: { position: String(position), created },
    });
  });
  return router;
}
