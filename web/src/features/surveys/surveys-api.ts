import { z } from 'zod/v4';
import { surveyEndpoints, SurveyResultsSchema } from '@platform/contracts/surveys/endpoints';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import type { ApiClient } from '../../kit/api/client.ts';

/** A survey as the layer reads it to anyone (contracts/src/surveys/survey.ts). */
const SurveyDocumentSchema = z.object({
  data: z.object({
    type: z.literal('surveys'),
    id: z.string(),
    attributes: z.object({
      question: z.string(),
      description: z.string().nullable().default(null),
      allowMultiple: z.boolean(),
      maxSelectedChoices: z.number().nullable(),
      allowNewChoice: z.boolean(),
      requireAuth: z.boolean(),
      onePerOrganization: z.boolean(),
      openAt: z.string().nullable(),
      closeAt: z.string().nullable(),
    }),
  }),
});
export type Survey = z.infer<typeof SurveyDocumentSchema>['data'];
export type SurveyResults = z.infer<typeof SurveyResultsSchema>['data']['attributes'];

const surveys = recordEndpoints('surveys');

const consistency = (minPosition?: string) => (minPosition ? { minPosition } : {});

/** The survey and its results (with the reader's own answer), read together at least at `minPosition`. */
export async function readSurvey(api: ApiClient, id: string, minPosition?: string, signal?: AbortSignal) {
  const [survey, results] = await Promise.all([
    api.call(surveys.find, {
      params: { id },
      schema: SurveyDocumentSchema,
      query: consistency(minPosition),
      signal,
    }),
    api.call(surveyEndpoints.results, { params: { id }, query: consistency(minPosition), signal }),
  ]);
  return { survey: survey.data, results: results.data.attributes };
}

/** The reader's answer: the survey's choices they picked, and a choice of their own. Answers the write's position. */
export async function answerSurvey(
  api: ApiClient,
  id: string,
  answer: { choices: readonly string[]; newChoice: string | null },
) {
  const written = await api.call(surveyEndpoints.answer, {
    params: { id },
    body: {
      data: {
        type: 'survey-answers',
        attributes: { newChoice: answer.newChoice },
        relationships: {
          choices: { data: answer.choices.map((c) => ({ type: 'survey-choices' as const, id: c })) },
        },
      },
    },
    schema: z.object({ meta: z.object({ position: z.string() }).passthrough() }),
    quiet: true,
  });
  return written.meta.position;
}
