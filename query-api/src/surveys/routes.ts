import express, { type Request, type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { LOCALES, type Locale } from '@platform/contracts/enums';
import { NotFoundError } from '@platform/contracts/errors';
import { translated } from '@platform/contracts/resources/definition';
import { surveyEndpoints, type SurveyResults } from '@platform/contracts/surveys/endpoints';
import { surveyChoiceResource, surveyResource } from '@platform/contracts/surveys/survey';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { surveyVisitorCookieOf, surveyVisitorKey } from '@platform/infra/http/survey-visitor';
import { viewerOf } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import type { QueryModule, QueryModuleDeps } from '../app.ts';
import { sendDocument } from '../jsonapi/document.ts';
import { isoTimestamp } from '../jsonapi/sql.ts';

const uuid = z.string().uuid();

const Choice = z.object({
  id: z.string(),
  text: z.string(),
  translations: z.record(z.string(), z.record(z.string(), z.unknown())).nullable(),
  position: z.number(),
  added_by_user: z.boolean().nullable(),
  answers_count: z.number(),
});
const Answer = z.object({ choice_ids: z.array(z.string()), answered_at: z.number() });

/**
 * GET /api/v1/services/surveys/{id}/results (issue 23): a survey's answers count, each choice's count (kept by the
 * answers' projection from SurveyAnswered, projectors/src/surveys/answers.ts), and the reader's own answer: as a
 * member, or as the visitor this browser's survey cookie names (ADR 0043). A soft-deleted survey is not found.
 */
export function surveyQueryRoutes(options: { defaultLocale: Locale }): QueryModule {
  return (deps) => resultsRoutes(deps, options.defaultLocale);
}

/** The reader's language (Accept-Language), else the platform's: the choices' text is read in it. */
function readerLocale(req: Request, defaultLocale: Locale): Locale {
  const accepted = req.get('accept-language') ? req.acceptsLanguages([...LOCALES]) : false;
  return typeof accepted === 'string' ? (accepted as Locale) : defaultLocale;
}

function resultsRoutes(deps: QueryModuleDeps, defaultLocale: Locale): Router {
  const router = express.Router();
  const surveys = resourceTable(surveyResource);
  const choices = resourceTable(surveyChoiceResource);
  const reads = deps.readAfter([surveys.projection, choices.projection]);
  mountEndpoint(router, surveyEndpoints.results, reads, async (req, res, { params }) => {
    const surveyId = params.id;
    const missing = () => new NotFoundError(`survey ${surveyId} not found`);
    if (!uuid.safeParse(surveyId).success) throw missing();
    const survey = await deps.readPool.maybeOne(sql.type(z.object({ answers_count: z.number().nullable() }))`
      select answers_count::int as answers_count from read.surveys where id = ${surveyId} and deleted_at is null`);
    if (!survey) throw missing();
    const rows = await deps.readPool.any(sql.type(Choice)`
      select c.id::text, c.text, c.translations, coalesce(c.position, 0)::int as position, c.added_by_user,
             coalesce(n.answers_count, 0)::int as answers_count
        from read.survey_choices c
        left join read.survey_choice_counts n
          on n.resource_type = ${surveyChoiceResource.type} and n.resource_id = c.id::text
       where c.survey_id = ${surveyId}
       order by c.position, c.created_at, c.id`);
    const locale = readerLocale(req, defaultLocale);
    res.vary('Accept-Language');
    const viewer = viewerOf(res);
    const cookie = viewer.userId === null ? surveyVisitorCookieOf(req) : null;
    const respondent =
      viewer.userId !== null ? `user:${viewer.userId}` : cookie !== null ? surveyVisitorKey(cookie) : null;
    const mine = respondent
      ? await deps.readPool.maybeOne(sql.type(Answer)`
          select choice_ids::text[] as choice_ids, answered_at from read.survey_answers
           where survey_id = ${surveyId} and respondent = ${respondent} limit 1`)
      : null;
    const organization = viewer.userId !== null ? (viewer.actingAsOrganizationId ?? null) : null;
    const organizationAnswered = organization
      ? await deps.readPool.exists(sql.type(z.object({}))`
          select 1 from read.survey_answers where survey_id = ${surveyId} and organization_id = ${organization}`)
      : false;
    const document: SurveyResults = {
      data: {
        type: 'survey-results',
        id: surveyId,
        attributes: {
          answersCount: survey.answers_count ?? 0,
          choices: rows.map((r) => ({
            id: r.id,
            text: String(
              translated(
                surveyChoiceResource,
                { text: r.text, translations: r.translations ?? {} },
                locale,
                defaultLocale,
              ).attributes.text,
            ),
            position: r.position,
            addedByUser: r.added_by_user === true,
            answersCount: r.answers_count,
          })),
          myAnswer: mine ? { choices: mine.choice_ids, answeredAt: isoTimestamp(mine.answered_at) } : null,
          organizationAnswered,
        },
      },
    };
    sendDocument(res, document);
  });
  return router;
}
