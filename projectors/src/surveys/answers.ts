import {
  SURVEY_CHOICE_COUNTS,
  SurveyAnswered,
  surveyChoiceResource,
  type SurveyAnsweredData,
} from '@platform/contracts/surveys/survey';
import type { ResourceProjectionExtension } from '../resources/projection.ts';

/**
 * The surveys' answers in the surveys projection (issue 23, ADR 0043), all from SurveyAnswered: `survey_answers`
 * (one row per answer: the reader's own answer, the results), the survey's `answersCount`, and each choice's count
 * in `survey_choice_counts` (read by the survey-choices as their `answersCount`, keyed by type and id, so that a
 * choice a reader added is counted whether its own record is projected before or after). An answer is a workflow
 * event of the survey's stream: it leaves the row's `version` as it is.
 */
export const surveyAnswersExtension: ResourceProjectionExtension = {
  eventTypes: [SurveyAnswered.type],
  tables: ['survey_answers', SURVEY_CHOICE_COUNTS.table],
  async setup(tx) {
    await tx.unsafe(`
      create table survey_answers (
        id uuid primary key,
        survey_id uuid not null,
        respondent text not null,
        organization_id uuid null,
        choice_ids uuid[] not null,
        answered_at timestamptz not null
      );
      create index survey_answers_respondent on survey_answers (survey_id, respondent);
      create index survey_answers_organization on survey_answers (survey_id, organization_id);
      create table survey_choice_counts (
        resource_type text not null,
        resource_id text not null,
        survey_id uuid not null,
        answers_count integer not null default 0,
        primary key (resource_type, resource_id)
      );
      create index survey_choice_counts_survey on survey_choice_counts (survey_id);
    `);
  },
  async apply(tx, event, table) {
    const data = event.data as SurveyAnsweredData;
    const inserted = await tx`
      insert into survey_answers (id, survey_id, respondent, organization_id, choice_ids, answered_at)
      values (${data.answerId}, ${data.surveyId}, ${data.respondent}, ${data.organizationId},
              ${data.choiceIds}::uuid[], ${data.answeredAt})
      on conflict (id) do nothing returning id`;
    if (!inserted.length) return;
    await tx`update ${tx(table)} set answers_count = coalesce(answers_count, 0) + 1 where id = ${data.surveyId}`;
    for (const choiceId of data.choiceIds)
      await tx`
        insert into survey_choice_counts (resource_type, resource_id, survey_id, answers_count)
        values (${surveyChoiceResource.type}, ${choiceId}, ${data.surveyId}, 1)
        on conflict (resource_type, resource_id)
        do update set answers_count = survey_choice_counts.answers_count + 1`;
  },
};
