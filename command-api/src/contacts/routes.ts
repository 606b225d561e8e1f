import { createHash, randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import { z } from 'zod/v4';
import { jobResource } from '@platform/contracts/accounts/reference-lists';
import { contactEndpoints } from '@platform/contracts/contacts/endpoints';
import {
  LightUserFormSubmitted,
  lightUserFormInputResource,
  lightUserFormResource,
  lightUserResource,
  type LightUserFormSubmittedData,
} from '@platform/contracts/contacts/records';
import { NotFoundError, ValidationError } from '@platform/contracts/errors';
import { checkCaptcha, type CaptchaKeys } from '@platform/infra/captcha';
import { loadState } from '@platform/infra/event-store';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { CommandModuleDeps } from '../app.ts';
import { holderOf } from '../claims/unique-values.ts';
import { deriveId, type CommandResult } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { resourceDecider } from '../resources/decide.ts';
import { uniqueValueScopeOf } from '../resources/routes.ts';
import { lightUserFormSubmitDecider, type CaptchaFinding } from './submit.ts';

const uuid = z.string().uuid();

/** Every submission racing on a form is one append on its stream; a loser decides again on the new state. */
const SUBMIT_RETRIES = 200;

/** The digest an e-mail address is compared by on the form's stream (onlyOneInput): never the address itself. */
export const respondentOf = (email: string) => createHash('sha256').update(email).digest('hex');

/** Whether a job of that id is live (the fixed ones exist from the start). */
async function jobExists(deps: CommandModuleDeps, id: string): Promise<boolean> {
  const { state } = await loadState(
    deps.eventStore,
    jobResource.streamId(id),
    resourceDecider(jobResource, id),
  );
  return state.status === 'active';
}

/** The live contact holding that e-mail address (its unique claim), or null. */
export async function contactOf(deps: CommandModuleDeps, email: string): Promise<string | null> {
  const { scope } = uniqueValueScopeOf(lightUserResource, 'email');
  const holder = await holderOf(deps, scope, email);
  if (!holder) return null;
  const { state } = await loadState(
    deps.eventStore,
    lightUserResource.streamId(holder.id),
    resourceDecider(lightUserResource, holder.id),
  );
  return state.status === 'active' ? holder.id : null;
}

/**
 * POST /api/v1/services/forms/{id}/inputs (seed 001 §2 and §3, ADR 0060): a visitor with the form's link (its
 * token) submits it. The captcha is checked with the platform's keys, the job read, then the submission decided on
 * the form's stream (submit.ts); the input is then made as a record of its own, once whatever the retries (its key
 * is the submission's event), naming the contact that already had its e-mail address.
 */
export function lightUserFormRoutes(options: { keys: CaptchaKeys }) {
  return (deps: CommandModuleDeps): Router => {
    const router = express.Router();
    mountEndpoint(router, contactEndpoints.submit, async (req, res, call) => {
      const formId = call.params.id;
      if (!uuid.safeParse(formId).success) throw new NotFoundError(`light-user-form ${formId} not found`);
      const { attributes, relationships } = call.body().data;
      const request = deps.commandRequest(req, res);
      const { metadata } = request;
      const key = request.idempotencyKey;
      const inputId = key ? deriveId(key, lightUserFormInputResource.type, formId) : randomUUID();

      const captcha: CaptchaFinding =
        attributes.captcha === null
          ? { status: 'missing' }
          : await checkCaptcha(options.keys, attributes.captcha, formId, metadata.now).then((status) =>
              status === 'ok' ? { status, signature: attributes.captcha!.challenge.signature } : { status },
            );
      const jobId = relationships.userJob?.data?.id ?? null;
      if (jobId !== null && !(await jobExists(deps, jobId)))
        throw ValidationError.at('/data/relationships/userJob/data/id', 'No such job');

      const submitted = await deps.handle({
        streamId: lightUserFormResource.streamId(formId),
        decider: lightUserFormSubmitDecider,
        command: {
          type: 'SubmitLightUserForm',
          data: {
            formId,
            inputId,
            token: attributes.token,
            respondent: respondentOf(attributes.userEmail),
            captcha,
            organizationName: attributes.organizationName,
            message: attributes.message,
            userHasMailSubscription: attributes.userHasMailSubscription,
          },
          metadata,
        },
        maxRetries: SUBMIT_RETRIES,
        ...(key !== undefined ? { idempotencyKey: key } : {}),
      });
      const event = submitted.events.find((e) => e.type === LightUserFormSubmitted.type);
      const stored = event?.data as LightUserFormSubmittedData | undefined;
      let result: CommandResult = submitted;
      if (event && stored) {
        const { token: _token, captcha: _captcha, ...written } = attributes;
        const matching = await contactOf(deps, attributes.userEmail);
        const made = await deps.handle({
          streamId: lightUserFormInputResource.streamId(stored.inputId),
          decider: resourceDecider(lightUserFormInputResource, stored.inputId),
          command: {
            type: 'CreateResource',
            data: {
              id: stored.inputId,
              attributes: lightUserFormInputResource.attributes.parse(written),
              relationships: {
                form: formId,
                ...(jobId !== null ? { userJob: jobId } : {}),
                ...(matching !== null ? { matchingLightUser: matching } : {}),
              },
            },
            metadata,
          },
          idempotencyKey: `${event.eventId}:input`,
        });
        if (made.position > result.position) result = { ...result, position: made.position };
      }
      sendCommandResult(res, {
        type: lightUserFormInputResource.type,
        id: stored?.inputId ?? inputId,
        result,
        status: 201,
      });
    });
    return router;
  };
}
