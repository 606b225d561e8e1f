import {
  checkAnswer,
  checkSection,
  type AnswerReason,
  type FormAnswers,
  type FormSection,
} from '@platform/contracts/forms/rules';

/** Why an answer is refused, as the page words it: the shared rules' reasons, or the server's own 'invalid'. */
export type ProblemReason = AnswerReason | 'invalid';
export interface FieldProblem {
  reason: ProblemReason;
  limits?: { min?: number; max?: number };
}
/** The problems of a page's answers, by field id. */
export type FieldProblems = Record<string, FieldProblem>;

/** The answers a page holds: its own questions' only (the server refuses any other on it). */
export function pageAnswers(section: FormSection, answers: FormAnswers): FormAnswers {
  const own: FormAnswers = {};
  for (const field of section.fields) if (field.id in answers) own[field.id] = answers[field.id]!;
  return own;
}

/**
 * A page checked before it is sent, by the rules the server decides with (contracts/src/forms/rules.ts): the values
 * to send (trimmed texts, numbers, the choices in their order) and the problems by field, in the page's order.
 */
export function checkPage(
  section: FormSection,
  answers: FormAnswers,
): { values: FormAnswers; problems: FieldProblems } {
  const { values, problems } = checkSection(section, pageAnswers(section, answers));
  const byField: FieldProblems = {};
  for (const problem of problems)
    byField[problem.fieldId] ??= {
      reason: problem.reason,
      ...(problem.limits ? { limits: problem.limits } : {}),
    };
  return { values, problems: byField };
}

/** The page (from 0) holding the first of these fields in the form's order, or null when none is on a page. */
export function firstPageWith(sections: readonly FormSection[], fieldIds: readonly string[]): number | null {
  const index = sections.findIndex((section) => section.fields.some((field) => fieldIds.includes(field.id)));
  return index === -1 ? null : index;
}

/**
 * The server's refusal of some answers, put on the fields of one page: each worded by the shared rules where they
 * find what is wrong with what the page holds, else as missing (a required answer the server does not have) or
 * as not taken.
 */
export function problemsOfRefusal(
  section: FormSection,
  refused: ReadonlyArray<{ fieldId: string; required: boolean }>,
  answers: FormAnswers,
): FieldProblems {
  const problems: FieldProblems = {};
  for (const { fieldId, required } of refused) {
    const field = section.fields.find((f) => f.id === fieldId);
    if (!field) continue;
    const checked = checkAnswer(field, answers[fieldId]);
    if ('problem' in checked)
      problems[fieldId] = {
        reason: checked.problem.reason,
        ...(checked.problem.limits ? { limits: checked.problem.limits } : {}),
      };
    else
      problems[fieldId] = {
        reason: required ? (field.fieldType === 'checkbox' ? 'mustTick' : 'required') : 'invalid',
      };
  }
  return problems;
}

/** The page to show (from 0): the one asked, within the form's pages. */
export function clampPage(page: number, sections: readonly FormSection[]): number {
  return Math.max(0, Math.min(Math.trunc(page), sections.length - 1));
}
