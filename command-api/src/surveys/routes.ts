import { randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import { z } from 'zod/v4';
import { ForbiddenError, NotFoundError } from '@platform/contracts/errors';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { surveyEndpoints } from '@platform/contracts/surveys/endpoints';
import {
  SurveyAnswered,
  surveyChoiceResource,
  surveyResource,
  type SurveyAnsweredData,
} from '@platform/contracts/surveys/survey';
import { loadState } from '@platform/infra/event-store';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { surveyVisitorOf } from '@platform/infra/http/survey-visitor';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModuleDeps } from '../app.ts';
import { deriveId, type CommandResult } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { resourceDecider } from '../resources/decide.ts';
import { surveyAnswerDecider, type AnswerSurvey, type SurveyRespondent } from './answer.ts';

const uuid = z.string().uuid();

/**
 * Every answer racing on a survey is one append on its stream; a loser decides again on the new state (its slot
 * taken, or its own turn). Enough retries for a crowd to end each in an answer or a refusal.
 */
const ANSWER_RETRIES = 200;

/** The survey each named choice belongs to, as the choice's own stream holds it (null: no live choice). */
async function choicesOf(
  deps: CommandModuleDeps,
  ids: readonly string[],
): Promise<AnswerSurvey['data']['choices']> {
  const decider = resourceDecider(surveyChoiceResource);
  const found = new Map<string, string | null>();
  await Promise.all(
    [...new Set(ids)].map(async (id) => {
      const { state } = await loadState(deps.eventStore, surveyChoiceResource.streamId(id), decider);
      const survey = state.status === 'active' ? state.relationships.survey : null;
      found.set(id, typeof survey === 'string' ? survey : null);
    }),
  );
  return ids.map((id) => ({ id, surveyId: found.get(id) ?? null }));
}

/**
 * The choice a reader added, created on its own stream once the answer naming it is stored: a record of the layer
 * like the editors' (marked addedByUser), once, whatever the retries (its key is the answer's event).
 */
async function createAddedChoice(
  deps: CommandModuleDeps,
  answered: CommandResult,
  metadata: AnswerSurvey['metadata'],
): Promise<CommandResult | null> {
  const event = answered.events.find((e) => e.type === SurveyAnswered.type);
  const data = event?.data as SurveyAnsweredData | undefined;
  if (!event || !data?.newChoice) return null;
  const { id, text, position } = data.newChoice;
  return deps.handle({
    streamId: surveyChoiceResource.streamId(id),
    decider: resourceDecider(surveyChoiceResource, id),
    command: {
      type: 'CreateResource',
      data: {
        id,
        attributes: surveyChoiceResource.attributes.parse({ text, position, addedByUser: true }),
        relationships: { survey: data.surveyId },
      },
      metadata,
    },
    idempotencyKey: `${event.eventId}:choice`,
  });
}

/**
 * POST /api/v1/services/surveys/{id}/answers (issue 23, ADR 0043): a member, or a visitor where the survey needs no
 * sign-in, answers with choices of the survey (`relationships.choices`) and, where it takes them, a choice of their
 * own (`attributes.newChoice`). Decided on the survey's stream (answer.ts).
 */
export function surveyAnswerRoutes(deps: CommandModuleDeps): Router {
  const router = express.Router();
  mountEndpoint(router, surveyEndpoints.answer, async (req, res, call) => {
    const surveyId = call.params.id;
    if (!uuid.safeParse(surveyId).success) throw new NotFoundError(`survey ${surveyId} not found`);
    const { userId } = viewerOf(res);
    if (userId === SYSTEM_USER_ID)
      throw new ForbiddenError('The API token has no user account: sign in as a member to answer');
    const body = call.body().data;
    const request = deps.commandRequest(req, res);
    const respondent: SurveyRespondent =
      userId !== null
        ? { kind: 'member', userId, organizationId: request.metadata.actor.actingAsOrganizationId ?? null }
        : { kind: 'visitor', key: surveyVisitorOf(req, res) };
    const key = request.idempotencyKey;
    const answerId = key ? deriveId(key, 'survey-answers', surveyId) : randomUUID();
    const newChoice = body.attributes.newChoice;
    const choices = await choicesOf(
      deps,
      body.relationships.choices.data.map((c) => c.id),
    );
    const result = await deps.handle({
      streamId: surveyResource.streamId(surveyId),
      decider: surveyAnswerDecider,
      command: {
        type: 'AnswerSurvey',
        data: {
          surveyId,
          answerId,
          choices,
          newChoice:
            newChoice !== null
              ? { id: key ? deriveId(key, 'survey-choices', surveyId) : randomUUID(), text: newChoice }
              : null,
          respondent,
        },
        metadata: request.metadata,
      },
      maxRetries: ANSWER_RETRIES,
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    const added = await createAddedChoice(deps, result, request.metadata);
    const stored = result.events[0]?.data as SurveyAnsweredData | undefined;
    sendCommandResult(res, {
      type: 'survey-answers',
      id: stored?.answerId ?? answerId,
      result: added && added.position > result.position ? { ...result, position: added.position } : result,
      status: 201,
    });
  });
  return router;
}
