import type { CaptchaChallenge, CaptchaPayload } from '@platform/contracts/contacts/endpoints';
import type { Locale } from '@platform/contracts/enums';
import type { FormAnswer, FormAnswers, FormSection } from '@platform/contracts/forms/rules';
import { clampPage, firstPageWith, problemsOfRefusal, type FieldProblems } from './answers.ts';
import type { AdvancedForm, Refusal, SavedResponse } from './forms-api.ts';

/*
 * The advanced form machine's context, events and the pure steps it takes on the calls' answers (form.machine.ts):
 * what a read puts in the page, and what each refusal changes in it.
 */

/** What the page reads first: the form, and the response its address names (null before one is started). */
export interface PageLoad {
  form: AdvancedForm;
  response: SavedResponse | null;
}

/** A message about the whole form, said in its alert: why a call was not taken, or what to do now. */
export type FormNotice =
  | 'captchaRenewed'
  | 'captchaFailed'
  | 'notYetOpen'
  | 'closed'
  | 'conflict'
  | 'invalid'
  | 'missing'
  | 'failed';

/**
 * Where the screen moves focus, once per request (`seq`): the page's heading after a move to another page, the
 * first answer to fix (or the alert) after a refusal, the confirmation once sent.
 */
export interface Attention {
  to: 'page' | 'problem' | 'ended';
  seq: number;
}

export interface AdvancedFormInput {
  formId: string;
  /** the response's token, when the address names one */
  token: string | null;
  /** the page the address names, from 0 */
  page: number | null;
  locale: Locale;
}

export interface AdvancedFormContext {
  formId: string;
  token: string | null;
  /** the page the address asked for, until the form is read */
  requestedPage: number | null;
  locale: Locale;
  form: AdvancedForm | null;
  sections: FormSection[];
  /** every answer typed or saved, by field id: what was typed is kept whatever a call answers */
  answers: FormAnswers;
  /** the page shown, from 0 */
  page: number;
  problems: FieldProblems;
  notice: FormNotice | null;
  challenge: CaptchaChallenge | null;
  solution: CaptchaPayload | null;
  attention: Attention;
  /** started on this visit: the page says that its address now brings the visitor back to their answers */
  started: boolean;
  /** sent on this visit, rather than found sent already */
  endedNow: boolean;
}

export type AdvancedFormEvent =
  | { type: 'user.start' }
  | { type: 'user.edit'; fieldId: string; value: FormAnswer }
  | { type: 'user.next' }
  | { type: 'user.back' }
  | { type: 'user.retry' }
  /** the address changed (the browser's back and forward buttons, a link): its token and page (from 0) */
  | { type: 'route.changed'; token: string | null; page: number | null }
  | { type: 'captcha.renew' };

const NOTICE_OF_CONFLICT = {
  notYetOpen: 'notYetOpen',
  closed: 'closed',
  ended: 'conflict',
  other: 'conflict',
} as const satisfies Record<string, FormNotice>;

export const attend = (context: AdvancedFormContext, to: Attention['to']): Attention => ({
  to,
  seq: context.attention.seq + 1,
});
export const sectionOf = (context: AdvancedFormContext) => context.sections[context.page]!;

/** What the page holds once the form (and the response) are read. */
export function loadedContext(
  context: AdvancedFormContext,
  { form, response }: PageLoad,
): Partial<AdvancedFormContext> {
  const sections = form.sections;
  return {
    form,
    sections,
    answers: response?.answers ?? {},
    page: sections.length ? clampPage(context.requestedPage ?? response?.section ?? 0, sections) : 0,
    problems: {},
    notice: null,
    challenge: form.captcha,
    solution: null,
    endedNow: false,
  };
}

/** A refused start: the captcha to do again, the form's dates said (and shown: no more Start), or not sent. */
export function startRefused(context: AdvancedFormContext, refusal: Refusal): Partial<AdvancedFormContext> {
  const attention = attend(context, 'problem');
  if (refusal.kind === 'fields' && refusal.captcha) return { notice: 'captchaRenewed', attention };
  if (refusal.kind === 'conflict' && (refusal.reason === 'closed' || refusal.reason === 'notYetOpen'))
    return {
      notice: refusal.reason,
      form: context.form && { ...context.form, state: refusal.reason },
      attention,
    };
  if (refusal.kind === 'conflict') return { notice: 'conflict', attention };
  return { notice: 'failed', attention };
}

/** A refused page: each refused answer on its field (or the alert when none is this page's), or why not sent. */
export function saveRefused(context: AdvancedFormContext, refusal: Refusal): Partial<AdvancedFormContext> {
  const attention = attend(context, 'problem');
  if (refusal.kind === 'fields') {
    const problems = problemsOfRefusal(sectionOf(context), refusal.fields, context.answers);
    return { problems, notice: Object.keys(problems).length ? null : 'invalid', attention };
  }
  if (refusal.kind === 'conflict') return { notice: NOTICE_OF_CONFLICT[refusal.reason], attention };
  return { notice: 'failed', attention };
}

/** A refused end: back to the first page holding a required question left unanswered, the problem on it. */
export function endRefused(context: AdvancedFormContext, refusal: Refusal): Partial<AdvancedFormContext> {
  if (refusal.kind !== 'fields') return saveRefused(context, refusal);
  const page = firstPageWith(
    context.sections,
    refusal.fields.map((f) => f.fieldId),
  );
  if (page === null) return { notice: 'invalid', attention: attend(context, 'problem') };
  return {
    page,
    problems: problemsOfRefusal(context.sections[page]!, refusal.fields, context.answers),
    notice: 'missing',
    attention: attend(context, 'problem'),
  };
}
