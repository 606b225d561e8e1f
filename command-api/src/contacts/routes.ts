import { createHash, randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import { z } from 'zod/v4';
import { jobResource } from '@platform/contracts/accounts/reference-lists';
import { contactEndpoints } from '@platform/contracts/contacts/endpoints';
import {
  lightUserFormInputResource,
  lightUserFormResource,
  lightUserResource,
} from '@platform/contracts/contacts/records';
import { NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { ResourceChange } from '@platform/contracts/resources/hooks';
import { checkCaptcha, type CaptchaKeys } from '@platform/infra/captcha';
import { loadState } from '@platform/infra/event-store';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { CommandModuleDeps, CommandRequest } from '../app.ts';
import { deriveId, type CommandResult } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { resourceDecider } from '../resources/decide.ts';
import { recordByUniqueValue } from '../resources/record-writes.ts';
import { carryOutReaction } from '../resources/routes.ts';
import {
  captchaUseDecider,
  captchaUseStreamId,
  lightUserFormSubmitDecider,
  type CaptchaFinding,
  type FormRules,
  type SubmitLightUserForm,
} from './submit.ts';

const uuid = z.string().uuid();

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
  return (await recordByUniqueValue(deps, lightUserResource, 'email', email))?.id ?? null;
}

/** What a notification of an input says when the reader's language has no words for its type. */
export const INPUT_NOTIFICATION = 'light-user-form-input';

/**
 * The back-office members a form names (notifiedUsers) told of its new input, each once whatever the retries (the
 * notifications' ids are drawn from the input's event); the position of the last one.
 */
async function notify(
  deps: CommandModuleDeps,
  input: {
    formId: string;
    title: string;
    notified: unknown;
    inputId: string;
    result: CommandResult;
    metadata: CommandRequest['metadata'];
  },
): Promise<bigint> {
  const users = Array.isArray(input.notified) ? input.notified.filter((id) => typeof id === 'string') : [];
  let { position } = input.result;
  if (!input.result.events.length) return position;
  const change: ResourceChange = {
    type: lightUserFormInputResource.type,
    id: input.inputId,
    action: 'created',
    attributes: {},
    relationships: { form: input.formId },
    changed: {},
    actorId: input.metadata.actor.userId,
  };
  const causeEventIds = input.result.events.map((event) => event.eventId);
  for (const [index, userId] of users.entries()) {
    const at = await carryOutReaction(
      deps,
      {
        kind: 'notify',
        userId,
        notificationType: INPUT_NOTIFICATION,
        message: `A new input on the contact form “${input.title}”`,
        actionUrl: `/admin/resources/light-user-form-inputs/show/${input.inputId}`,
      },
      { change, metadata: input.metadata, causeEventIds, index },
    );
    if (at > position) position = at;
  }
  return position;
}

/**
 * POST /api/v1/services/forms/{id}/inputs (seed 001 §2 and §3, ADR 0060): a visitor with the form's link (its
 * token) submits it. The captcha is checked with the platform's keys, the job and the form read; the submission is
 * decided against the form's rules first (a refused one uses nothing), then its challenge is used once on its own
 * stream, then the input is made on its own stream (submit.ts), naming the contact that already had its address.
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

      const { state: formState } = await loadState(
        deps.eventStore,
        lightUserFormResource.streamId(formId),
        resourceDecider(lightUserFormResource, formId),
      );
      const form = formState.status === 'active' ? (formState.attributes as unknown as FormRules) : null;
      // one input per address: the input's id is the form's and the address's, so its stream is the guard
      const inputId = form?.onlyOneInput
        ? deriveId(`${formId}:${respondentOf(attributes.userEmail)}`, lightUserFormInputResource.type)
        : key
          ? deriveId(key, lightUserFormInputResource.type, formId)
          : randomUUID();

      const captcha: CaptchaFinding =
        attributes.captcha === null
          ? { status: 'missing' }
          : await checkCaptcha(options.keys, attributes.captcha, formId, metadata.now).then((status) =>
              status === 'ok' ? { status, signature: attributes.captcha!.challenge.signature } : { status },
            );
      const jobId = relationships.userJob?.data?.id ?? null;
      if (jobId !== null && !(await jobExists(deps, jobId)))
        throw ValidationError.at('/data/relationships/userJob/data/id', 'No such job');
      const { token: _token, captcha: _captcha, ...written } = attributes;
      const matching = await contactOf(deps, attributes.userEmail);
      const command: SubmitLightUserForm = {
        type: 'SubmitLightUserForm',
        data: {
          formId,
          inputId,
          token: attributes.token,
          form,
          captcha,
          input: {
            attributes: lightUserFormInputResource.attributes.parse(written),
            relationships: {
              form: formId,
              ...(jobId !== null ? { userJob: jobId } : {}),
              ...(matching !== null ? { matchingLightUser: matching } : {}),
            },
          },
        },
        metadata,
      };
      const decider = lightUserFormSubmitDecider();
      const streamId = lightUserFormInputResource.streamId(inputId);
      // decided once before the challenge is used, so that a refused submission leaves its challenge to a resend;
      // an input already there is a retry (Idempotency-Key: answered as the first time) or refused below
      const { state: current } = await loadState(deps.eventStore, streamId, decider);
      const fresh = current.status === 'none';
      if (fresh) decider.decide(command, current);

      if (fresh && form?.isCaptchaProtected && captcha.status === 'ok')
        await deps.handle({
          streamId: captchaUseStreamId(captcha.signature),
          decider: captchaUseDecider,
          command: {
            type: 'UseCaptcha',
            data: { scope: formId, usedAt: metadata.now.toISOString() },
            metadata,
          },
          ...(key !== undefined ? { idempotencyKey: `${key}:captcha` } : {}),
        });
      const result = await deps.handle({
        streamId,
        decider,
        command,
        ...(key !== undefined ? { idempotencyKey: key } : {}),
      });
      const position = await notify(deps, {
        formId,
        title: formState.status === 'active' ? String(formState.attributes.title) : '',
        notified: formState.status === 'active' ? formState.relationships.notifiedUsers : [],
        inputId,
        result,
        metadata,
      });
      sendCommandResult(res, {
        type: lightUserFormInputResource.type,
        id: inputId,
        result: position > result.position ? { ...result, position } : result,
        status: 201,
      });
    });
    return router;
  };
}
