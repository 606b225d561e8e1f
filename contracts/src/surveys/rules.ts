import { z } from 'zod/v4';

/*
 * The rules of answering a survey that a reader's screen applies too (seed 001 §4, §5), apart from the surveys'
 * definitions (survey.ts): the survey block on a home page loads these, not the resource layer.
 */

/** The most choices one answer may name (the body's bound, whatever maxSelectedChoices says). */
export const SURVEY_ANSWER_MAX_CHOICES = 100;

/** A choice's text: the editors' choices and a reader's own alike. */
export const SurveyChoiceTextSchema = z.string().trim().min(1).max(255);

/** Why a survey cannot be answered now (seed 001 §4), or that it can. */
export type SurveyAvailability = { open: true } | { open: false; reason: 'notYetOpen' | 'closed' };

/** Seed 001 §4: a survey is answered from openAt (included) until closeAt (excluded); either may be unset. */
export function surveyAvailability(
  survey: { openAt: string | null; closeAt: string | null },
  now: Date,
): SurveyAvailability {
  if (survey.openAt !== null && now.getTime() < new Date(survey.openAt).getTime())
    return { open: false, reason: 'notYetOpen' };
  if (survey.closeAt !== null && now.getTime() >= new Date(survey.closeAt).getTime())
    return { open: false, reason: 'closed' };
  return { open: true };
}

/** How many choices one answer may name (seed 001 §5): one, or with allowMultiple up to maxSelectedChoices. */
export function surveyChoicesLimit(survey: {
  allowMultiple: boolean;
  maxSelectedChoices: number | null;
}): number {
  return survey.allowMultiple ? (survey.maxSelectedChoices ?? SURVEY_ANSWER_MAX_CHOICES) : 1;
}
