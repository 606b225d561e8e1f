import { z } from 'zod/v4';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { SURVEY_ANSWER_MAX_CHOICES, SurveyChoiceTextSchema } from './rules.ts';

/** The body of an answer: the survey's choices it names and, where the survey takes them, a choice of its own. */
export const SurveyAnswerBodySchema = z.object({
  data: z.object({
    type: z.literal('survey-answers').optional(),
    attributes: z
      .object({
        newChoice: SurveyChoiceTextSchema.nullable()
          .default(null)
          .transform((text) => (text === '' ? null : text)),
      })
      .default({ newChoice: null }),
    relationships: z
      .object({
        choices: z.object({
          data: z
            .array(z.object({ type: z.literal('survey-choices'), id: z.string().uuid() }))
            .max(SURVEY_ANSWER_MAX_CHOICES),
        }),
      })
      .default({ choices: { data: [] } }),
  }),
});
export type SurveyAnswerBody = z.input<typeof SurveyAnswerBodySchema>;

/** A survey's results as a reader sees them: the counts, and their own answer (seed 001 §3 myAnswer). */
export const SurveyResultsSchema = z.object({
  data: z.object({
    type: z.literal('survey-results'),
    id: z.string(),
    attributes: z.object({
      answersCount: z.number().int(),
      choices: z.array(
        z.object({
          id: z.string(),
          text: z.string(),
          position: z.number().int(),
          addedByUser: z.boolean(),
          answersCount: z.number().int(),
        }),
      ),
      /** the reader's own answer (as a member, or as this browser's visitor); null: none */
      myAnswer: z.object({ choices: z.array(z.string()), answeredAt: z.string() }).nullable(),
      /** onePerOrganization: the organization the member acts for has answered (by them or another member) */
      organizationAnswered: z.boolean(),
    }),
  }),
});
export type SurveyResults = z.infer<typeof SurveyResultsSchema>;

/**
 * The surveys' answers (command-api/src/surveys/routes.ts, query-api/src/surveys/routes.ts): an answer is one
 * append on the survey's stream; its results, with the reader's own answer, are read per survey.
 */
export const surveyEndpoints = {
  /** 201 `{ data: { type: 'survey-answers', id } }` */
  answer: defineEndpoint({
    method: 'POST',
    path: '/services/surveys/:id/answers',
    body: SurveyAnswerBodySchema,
    // a visitor answers a survey that requires no sign-in; the decider refuses them the others (401)
    anonymous: true,
  }),
  results: defineEndpoint({
    method: 'GET',
    path: '/services/surveys/:id/results',
    response: SurveyResultsSchema,
  }),
} satisfies Record<string, AnyEndpoint>;
