import { z } from 'zod/v4';
import { EmailSchema } from '../accounts/emails.ts';

/**
 * The rules of the advanced forms (seed 001 §3 "Forms"; ADR 0062), pure and shared by the command side, which
 * decides with them, and the public page, which checks a section before sending it: how a form's fields make its
 * sections, what an answer to each kind of field may be, and what a response still lacks.
 */

/** The field types a form is built of (fixed rows of form-field-types): a section starts a page of the form. */
export const FORM_FIELD_TYPES = [
  'section',
  'short_text',
  'long_text',
  'single_choice',
  'multiple_choice',
  'checkbox',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** What a short text holds (fixed rows of form-data-types): checked as such, and given the matching keyboard. */
export const FORM_DATA_TYPES = ['text', 'email', 'phone', 'url', 'integer', 'decimal', 'date'] as const;
export type FormDataType = (typeof FORM_DATA_TYPES)[number];

/** What a form does once a response is ended (fixed rows of form-workflow-types), in their priority's order. */
export const FORM_WORKFLOW_TYPES = [
  /** tell the back-office members the workflow's config names (`userIds`) that a response came */
  { id: 'notify_users', priority: 10 },
  /**
   * send the respondent a copy of their answers, to the address they gave in the e-mail question the workflow's
   * config names (`emailFieldId`), with the config's own words first (`message`), in the response's language
   */
  { id: 'email_respondent', priority: 20 },
  /**
   * keep the respondent among the contacts (seed 001 §3 light-user): made from the answers to the questions the
   * config names (`emailFieldId`, `firstNameFieldId`, `lastNameFieldId`, and optionally `phoneFieldId` and a
   * checkbox `subscriptionFieldId` asking for the newsletter), or the contact holding that address kept and dated
   */
  { id: 'create_contact', priority: 30 },
] as const;
export type FormWorkflowType = (typeof FORM_WORKFLOW_TYPES)[number]['id'];

/** How a workflow's run went (seed 001 §4: "not shown"): done, or failed with its message. */
export const FORM_WORKFLOW_RUN_STATUSES = ['done', 'failed'] as const;

/** The most characters a short text takes unless its config says fewer; a long text's. */
export const SHORT_TEXT_MAX = 255;
export const LONG_TEXT_MAX = 5000;
/** How many choices a choice field offers, at most; a choice's length. */
export const FORM_CHOICES_MAX = 50;
export const FORM_CHOICE_MAX = 255;

/** A field's config (seed 001 §3 config, an object), by what its field type reads of it. */
export const FormFieldConfigSchema = z
  .object({
    /** short and long texts: fewer characters than the type's own bound */
    maxLength: z.number().int().min(1).max(LONG_TEXT_MAX).optional(),
    /** integers and decimals: the least and the most */
    min: z.number().optional(),
    max: z.number().optional(),
    /** choice fields: what is offered, in order */
    choices: z.array(z.string().trim().min(1).max(FORM_CHOICE_MAX)).max(FORM_CHOICES_MAX).optional(),
    /** multiple choice: how many may be chosen at most */
    maxSelected: z.number().int().min(1).max(FORM_CHOICES_MAX).optional(),
  })
  .strict();
export type FormFieldConfig = z.infer<typeof FormFieldConfigSchema>;

/** A field as the public page and the rules read it. */
export interface FormFieldView {
  id: string;
  position: number;
  title: string;
  description: string | null;
  required: boolean;
  fieldType: FormFieldType;
  dataType: FormDataType | null;
  config: FormFieldConfig;
}

/**
 * A field as its row holds it, read as the page and the rules see it: null for a row whose type the platform does
 * not know (a field type added by a later version), which the page leaves out.
 */
export function formFieldViewOf(row: {
  id: string;
  position: number;
  title: string;
  description: string | null;
  required: boolean;
  fieldType: string;
  dataType: string | null;
  config: unknown;
}): FormFieldView | null {
  const fieldType = FORM_FIELD_TYPES.find((type) => type === row.fieldType);
  if (!fieldType) return null;
  const config = FormFieldConfigSchema.safeParse(row.config ?? {});
  return {
    id: row.id,
    position: row.position,
    title: row.title,
    description: row.description,
    required: row.required,
    fieldType,
    dataType:
      fieldType === 'short_text' ? (FORM_DATA_TYPES.find((type) => type === row.dataType) ?? 'text') : null,
    config: config.success ? config.data : {},
  };
}

/** One page of a form: a section field and the questions after it (or the questions before the first section). */
export interface FormSection {
  /** the section field's id; null for the questions that come before any section */
  id: string | null;
  title: string | null;
  description: string | null;
  fields: FormFieldView[];
}

/** An answer as a response keeps it: a text, a number, a box ticked or not, the choices made; null: none. */
export type FormAnswer = string | number | boolean | string[] | null;
export type FormAnswers = Record<string, FormAnswer>;

export const FormAnswerSchema: z.ZodType<FormAnswer> = z.union([
  z.string().max(LONG_TEXT_MAX),
  z.number(),
  z.boolean(),
  z.array(z.string().max(FORM_CHOICE_MAX)).max(FORM_CHOICES_MAX),
  z.null(),
]);
export const FormAnswersSchema = z.record(z.string().max(64), FormAnswerSchema);

/** A form's fields in their order: by position, then by id, so that two at the same position keep one order. */
export function orderFields<F extends { position: number; id: string }>(fields: readonly F[]): F[] {
  return [...fields].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * A form's pages: each section field starts one, holding the questions after it up to the next section; questions
 * before the first section make a page of their own. A form without fields has no page.
 */
export function sectionsOf(fields: readonly FormFieldView[]): FormSection[] {
  const sections: FormSection[] = [];
  for (const field of orderFields(fields)) {
    if (field.fieldType === 'section')
      sections.push({ id: field.id, title: field.title, description: field.description, fields: [] });
    else {
      if (!sections.length) sections.push({ id: null, title: null, description: null, fields: [] });
      sections[sections.length - 1]!.fields.push(field);
    }
  }
  return sections;
}

/** The title and description of a form (seed 001 §3): those of its first field. */
export function formHeading(fields: readonly FormFieldView[]): {
  title: string | null;
  description: string | null;
} {
  const first = orderFields(fields)[0];
  return { title: first?.title ?? null, description: first?.description ?? null };
}

/** Why an answer is refused, as the page says it in the reader's language (with `limits` where it names some). */
export const ANSWER_REASONS = [
  'required',
  'mustTick',
  'tooLong',
  'text',
  'email',
  'phone',
  'url',
  'date',
  'number',
  'integer',
  'range',
  'choice',
  'tooMany',
  'notOnPage',
] as const;
export type AnswerReason = (typeof ANSWER_REASONS)[number];

/** Why an answer is refused: the server's code, its reason and its words in English (the API's detail). */
export interface AnswerProblem {
  fieldId: string;
  code: 'validation.required' | 'validation.invalid';
  reason: AnswerReason;
  limits?: { min?: number; max?: number };
  detail: string;
}

const PHONE = /^\+?[0-9 ().-]{4,30}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD text is a day of the calendar (2026-02-30 is not). */
function realDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** Whether an answer is empty: nothing, blank text, no choice, an unticked box. */
export function isEmptyAnswer(value: FormAnswer | undefined): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

type Checked = { value: FormAnswer } | { reason: AnswerReason; limits?: { min?: number; max?: number } };

const DETAILS: Record<AnswerReason, (limits: { min?: number; max?: number }) => string> = {
  required: () => 'Answer this question',
  mustTick: () => 'Tick this box to go on',
  tooLong: ({ max }) => `At most ${max} characters`,
  text: () => 'Give a text',
  email: () => 'Give an e-mail address such as name@example.org',
  phone: () => 'Give a phone number: digits, spaces and + only',
  url: () => 'Give an address starting with https://',
  date: () => 'Give a date such as 2026-03-31',
  number: () => 'Give a number',
  integer: () => 'Give a whole number',
  range: ({ min, max }) =>
    `Give a number${min !== undefined ? ` from ${min}` : ''}${max !== undefined ? ` up to ${max}` : ''}`,
  choice: () => 'Choose among the answers offered',
  tooMany: ({ max }) => `Choose at most ${max}`,
  notOnPage: () => 'This question is not on this page',
};

/** A problem of a field's answer, with its words in English. */
export function answerProblem(
  fieldId: string,
  reason: AnswerReason,
  limits: { min?: number; max?: number } = {},
): AnswerProblem {
  return {
    fieldId,
    code: reason === 'required' || reason === 'mustTick' ? 'validation.required' : 'validation.invalid',
    reason,
    ...(limits.min !== undefined || limits.max !== undefined ? { limits } : {}),
    detail: DETAILS[reason](limits),
  };
}

/** A short text's value checked as its data type says: the value to keep, or why not. */
function checkShortText(field: FormFieldView, text: string): Checked {
  const max = Math.min(field.config.maxLength ?? SHORT_TEXT_MAX, SHORT_TEXT_MAX);
  if (text.length > max) return { reason: 'tooLong', limits: { max } };
  switch (field.dataType ?? 'text') {
    case 'email': {
      const email = EmailSchema.safeParse(text);
      return email.success ? { value: email.data } : { reason: 'email' };
    }
    case 'phone':
      return PHONE.test(text) ? { value: text } : { reason: 'phone' };
    case 'url':
      return z.url({ protocol: /^https?$/ }).safeParse(text).success ? { value: text } : { reason: 'url' };
    case 'date':
      return realDate(text) ? { value: text } : { reason: 'date' };
    case 'integer':
    case 'decimal': {
      const number = Number(text.replace(',', '.'));
      if (!Number.isFinite(number)) return { reason: 'number' };
      if (field.dataType === 'integer' && !Number.isInteger(number)) return { reason: 'integer' };
      const { min, max } = field.config;
      if ((min !== undefined && number < min) || (max !== undefined && number > max))
        return {
          reason: 'range',
          limits: { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) },
        };
      return { value: number };
    }
    default:
      return { value: text };
  }
}

function checkGiven(field: FormFieldView, raw: FormAnswer): Checked {
  switch (field.fieldType) {
    case 'short_text': {
      const text = typeof raw === 'number' ? String(raw) : raw;
      return typeof text === 'string' ? checkShortText(field, text) : { reason: 'text' };
    }
    case 'long_text': {
      if (typeof raw !== 'string') return { reason: 'text' };
      const max = Math.min(field.config.maxLength ?? LONG_TEXT_MAX, LONG_TEXT_MAX);
      return raw.length > max ? { reason: 'tooLong', limits: { max } } : { value: raw };
    }
    case 'single_choice':
      return typeof raw === 'string' && (field.config.choices ?? []).includes(raw)
        ? { value: raw }
        : { reason: 'choice' };
    case 'multiple_choice': {
      const choices = field.config.choices ?? [];
      if (!Array.isArray(raw) || raw.some((choice) => !choices.includes(choice))) return { reason: 'choice' };
      const chosen = choices.filter((choice) => raw.includes(choice));
      const most = field.config.maxSelected;
      return most !== undefined && chosen.length > most
        ? { reason: 'tooMany', limits: { max: most } }
        : { value: chosen };
    }
    case 'checkbox':
      return raw === true ? { value: true } : { reason: 'choice' };
    default:
      return { reason: 'notOnPage' };
  }
}

/**
 * One answer checked against its field: the value to keep (trimmed text, a number for numeric data, the choices in
 * the field's order), or why it is refused. An empty answer to a field not required is kept as null (an unticked
 * box as false).
 */
export function checkAnswer(
  field: FormFieldView,
  given: FormAnswer | undefined,
): { value: FormAnswer } | { problem: AnswerProblem } {
  const raw = typeof given === 'string' ? given.trim() : given;
  if (raw === undefined || isEmptyAnswer(raw))
    return field.required
      ? { problem: answerProblem(field.id, field.fieldType === 'checkbox' ? 'mustTick' : 'required') }
      : { value: field.fieldType === 'checkbox' ? false : null };
  const checked = checkGiven(field, raw);
  return 'value' in checked ? checked : { problem: answerProblem(field.id, checked.reason, checked.limits) };
}

/**
 * A section's answers checked (the page before sending; the command side when saving): the values to keep, one per
 * question of the section, and the problems. Answers naming anything else than the section's questions are refused.
 */
export function checkSection(
  section: FormSection,
  given: FormAnswers,
): { values: FormAnswers; problems: AnswerProblem[] } {
  const values: FormAnswers = {};
  const problems: AnswerProblem[] = [];
  const own = new Set(section.fields.map((field) => field.id));
  for (const id of Object.keys(given)) if (!own.has(id)) problems.push(answerProblem(id, 'notOnPage'));
  for (const field of section.fields) {
    const checked = checkAnswer(field, given[field.id]);
    if ('problem' in checked) problems.push(checked.problem);
    else values[field.id] = checked.value;
  }
  return { values, problems };
}

/** The required questions a response has not answered, in the form's order, with the index of their page. */
export function missingAnswers(
  sections: readonly FormSection[],
  answers: FormAnswers,
): Array<{ section: number; field: FormFieldView }> {
  return sections.flatMap((section, index) =>
    section.fields
      .filter((field) => field.required && isEmptyAnswer(answers[field.id]))
      .map((field) => ({ section: index, field })),
  );
}

/** Whether a form takes responses at `now` (seed 001 §4: open between openAt and closeAt). */
export function formWindow(
  form: { openAt: string | null; closeAt: string | null },
  now: Date,
): 'open' | 'notYetOpen' | 'closed' {
  if (form.openAt !== null && Date.parse(form.openAt) > now.getTime()) return 'notYetOpen';
  if (form.closeAt !== null && Date.parse(form.closeAt) <= now.getTime()) return 'closed';
  return 'open';
}

/** Problems of a field's config against its type (the back office's writes): each with its words. */
export function configProblems(fieldType: string | null, config: FormFieldConfig): string[] {
  const problems: string[] = [];
  const choiceField = fieldType === 'single_choice' || fieldType === 'multiple_choice';
  if (choiceField) {
    const choices = config.choices ?? [];
    if (choices.length < 2) problems.push('A choice question offers at least two choices (config.choices)');
    if (new Set(choices).size !== choices.length) problems.push('Each choice is offered once');
  } else if (config.choices !== undefined) problems.push('Only a choice question offers choices');
  if (config.maxSelected !== undefined && fieldType !== 'multiple_choice')
    problems.push('Only a multiple choice question limits how many are chosen');
  if (config.min !== undefined && config.max !== undefined && config.min > config.max)
    problems.push('The least is more than the most');
  return problems;
}
