import { z } from 'zod/v4';
import { emailToAscii } from '@platform/contracts/accounts/emails';
import { OTHER_JOB_ID } from '@platform/contracts/accounts/reference';
import {
  contactEndpoints,
  type CaptchaChallenge,
  type CaptchaPayload,
  type LightUserFormInputBody,
  type PublicLightUserForm,
} from '@platform/contracts/contacts/endpoints';
import type { Locale } from '@platform/contracts/enums';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import type { ApiClient } from '../../kit/api/client.ts';
import { ApiError } from '../../kit/api/errors.ts';
import { fieldOfPointer } from '../../kit/api/field-errors.ts';

/** A light-user form as its public page shows it (contracts/src/contacts/endpoints.ts). */
export type PublicForm = PublicLightUserForm['data']['attributes'] & { id: string };

export interface JobOption {
  id: string;
  name: string;
}

/** What the visitor writes, field by field (the names of the input's attributes, and its job). */
export interface FormValues {
  userFirstName: string;
  userLastName: string;
  userEmail: string;
  userPhone: string;
  userJob: string | null;
  userJobOther: string;
  organizationName: string;
  organizationUnitName: string;
  organizationContactAddress: string;
  message: string;
  userHasMailSubscription: boolean;
}
export type Field = keyof FormValues;

/** The fields in the order the page shows them: the first one in error is the one focused. */
export const FIELD_ORDER: readonly Field[] = [
  'userFirstName',
  'userLastName',
  'userEmail',
  'userPhone',
  'userJob',
  'userJobOther',
  'organizationName',
  'organizationUnitName',
  'organizationContactAddress',
  'message',
  'userHasMailSubscription',
];

/** The longest text each field takes (the input's own bounds, records.ts). */
export const MAX_LENGTH = {
  userFirstName: 255,
  userLastName: 255,
  userEmail: 254,
  userPhone: 40,
  userJobOther: 255,
  organizationName: 255,
  organizationUnitName: 255,
  organizationContactAddress: 1000,
  message: 5000,
} as const;

/** What is wrong with a field: the screen words it. */
export type FieldProblem = 'required' | 'email' | 'invalid';
export type FieldErrors = Partial<Record<Field, FieldProblem>>;

/** The values a page starts with: nothing typed, the form's own job proposed. */
export function initialValues(form: Pick<PublicForm, 'defaultJob'>): FormValues {
  return {
    userFirstName: '',
    userLastName: '',
    userEmail: '',
    userPhone: '',
    userJob: form.defaultJob,
    userJobOther: '',
    organizationName: '',
    organizationUnitName: '',
    organizationContactAddress: '',
    message: '',
    userHasMailSubscription: false,
  };
}

/** Whether the organization's name must be given (unless the form lets it be left empty). */
export const organizationRequired = (form: Pick<PublicForm, 'allowNoOrganization'>) =>
  !form.allowNoOrganization;
/** Whether the job asks the visitor's own words (the "other" job). */
export const asksJobOther = (values: Pick<FormValues, 'userJob'>) => values.userJob === OTHER_JOB_ID;

/** What the page checks before sending: the fields it asks for, and an e-mail address that is one. */
export function checkValues(values: FormValues, form: Pick<PublicForm, 'allowNoOrganization'>): FieldErrors {
  const errors: FieldErrors = {};
  const blank = (value: string) => value.trim() === '';
  if (blank(values.userFirstName)) errors.userFirstName = 'required';
  if (blank(values.userLastName)) errors.userLastName = 'required';
  if (blank(values.userEmail)) errors.userEmail = 'required';
  else if (emailToAscii(values.userEmail) === null) errors.userEmail = 'email';
  if (asksJobOther(values) && blank(values.userJobOther)) errors.userJobOther = 'required';
  if (organizationRequired(form) && blank(values.organizationName)) errors.organizationName = 'required';
  return errors;
}

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type Utm = Partial<Record<(typeof UTM_KEYS)[number], string>>;

/** The campaign the page's address names (utm_source, utm_medium…), each cut to what the input keeps; or null. */
export function utmOf(search: string): Utm | null {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(`utm_${key}`)?.trim();
    if (value) utm[key] = value.slice(0, 100);
  }
  return Object.keys(utm).length ? utm : null;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The document a submission sends: what the form asks (the message only where it takes one, the newsletter only
 * where it offers it, the job's own words only for the "other" job), with the link's token, the captcha's answer,
 * the interface's language and the campaign.
 */
export function inputBody(options: {
  token: string;
  form: Pick<PublicForm, 'allowMessage' | 'isSubscriptionForm'>;
  values: FormValues;
  captcha: CaptchaPayload | null;
  locale: Locale;
  utm: Utm | null;
}): LightUserFormInputBody {
  const { form, values } = options;
  return {
    data: {
      type: 'light-user-form-inputs',
      attributes: {
        token: options.token,
        captcha: options.captcha,
        userFirstName: values.userFirstName.trim(),
        userLastName: values.userLastName.trim(),
        userEmail: values.userEmail.trim(),
        userPhone: orNull(values.userPhone),
        userHasMailSubscription: form.isSubscriptionForm && values.userHasMailSubscription,
        userJobOther: asksJobOther(values) ? orNull(values.userJobOther) : null,
        organizationName: orNull(values.organizationName),
        organizationUnitName: orNull(values.organizationUnitName),
        organizationContactAddress: orNull(values.organizationContactAddress),
        message: form.allowMessage ? orNull(values.message) : null,
        locale: options.locale,
        utm: options.utm,
      },
      relationships: {
        userJob: { data: values.userJob ? { type: 'jobs', id: values.userJob } : null },
      },
    },
  };
}

/** Why a submission was not taken, as the page tells it. */
export type ConflictReason = 'closed' | 'expired' | 'alreadySubmitted' | 'other';

/**
 * What a submission settles to: sent; refused on its fields (422), with the captcha to do again when the server
 * named it (missing, expired, already used, not passed); refused by the form's rules (409); a link that no longer
 * opens the form (404); or not sent at all (no answer, an unexpected one).
 */
export type SubmitOutcome =
  | { kind: 'sent'; id: string }
  | { kind: 'refused'; fields: FieldErrors; captcha: boolean }
  | { kind: 'conflict'; reason: ConflictReason }
  | { kind: 'notFound' }
  | { kind: 'failed' };

const CONFLICTS: Record<string, ConflictReason> = {
  'conflict.form_closed': 'closed',
  'conflict.form_expired': 'expired',
  'conflict.form_already_submitted': 'alreadySubmitted',
};

/** The field a 422's pointer names ('/data/attributes/userEmail', '/data/relationships/userJob/data/id'). */
function fieldOf(pointer: string | undefined): Field | 'captcha' | null {
  const path = fieldOfPointer(pointer);
  const name = path?.split('.')[0];
  if (name === 'captcha') return 'captcha';
  return name && (FIELD_ORDER as readonly string[]).includes(name) ? (name as Field) : null;
}

/** A failed submission's answer as the page tells it. */
export function outcomeOfError(error: unknown): SubmitOutcome {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  if (error.kind === 'not-found') return { kind: 'notFound' };
  if (error.kind === 'conflict')
    return { kind: 'conflict', reason: CONFLICTS[error.errors[0]?.code ?? ''] ?? 'other' };
  if (error.kind !== 'validation') return { kind: 'failed' };
  const fields: FieldErrors = {};
  let captcha = false;
  for (const issue of error.errors) {
    const field = fieldOf(issue.source?.pointer);
    if (field === 'captcha') captcha = true;
    else if (field && !fields[field])
      fields[field] =
        issue.code === 'validation.required' ? 'required' : field === 'userEmail' ? 'email' : 'invalid';
  }
  // a refusal that names nothing the visitor can fix is not theirs to fix
  if (!captcha && Object.keys(fields).length === 0) return { kind: 'failed' };
  return { kind: 'refused', fields, captcha };
}

/** The form as its page shows it, with a fresh captcha challenge (404 when the link opens none). */
export async function readPublicForm(
  api: ApiClient,
  ref: { id: string; token: string },
  signal?: AbortSignal,
): Promise<PublicForm> {
  const answer = await api.call(contactEndpoints.form, {
    params: { id: ref.id },
    query: { t: ref.token },
    ...(signal ? { signal } : {}),
  });
  return { id: answer.data.id, ...answer.data.attributes };
}

const JobListSchema = z.object({
  data: z.array(z.object({ id: z.string(), attributes: z.object({ name: z.string() }).passthrough() })),
});

/** The jobs a visitor may choose (GET /jobs, read by everyone), "other" last; none when they cannot be read. */
export async function readJobs(api: ApiClient, signal?: AbortSignal): Promise<JobOption[]> {
  try {
    const doc = await api.call(recordEndpoints('jobs').list, {
      schema: JobListSchema,
      quiet: true,
      ...(signal ? { signal } : {}),
    });
    const jobs = doc.data.map((d) => ({ id: d.id, name: d.attributes.name }));
    return [...jobs.filter((j) => j.id !== OTHER_JOB_ID), ...jobs.filter((j) => j.id === OTHER_JOB_ID)];
  } catch {
    // the job is not required: the form goes on without the list
    return [];
  }
}

/** A fresh challenge for the form (its page read again), or null when the form asks none now. */
export async function readChallenge(
  api: ApiClient,
  ref: { id: string; token: string },
  signal?: AbortSignal,
): Promise<CaptchaChallenge | null> {
  const answer = await api.call(contactEndpoints.form, {
    params: { id: ref.id },
    query: { t: ref.token },
    quiet: true,
    ...(signal ? { signal } : {}),
  });
  return answer.data.attributes.captcha;
}

const SubmittedSchema = z.object({ data: z.object({ id: z.string() }) });

/**
 * Sends the input (POST /services/forms/{id}/inputs). The Idempotency-Key makes a resend after a lost answer the
 * same input, not a second one.
 */
export async function submitInput(
  api: ApiClient,
  request: { id: string; body: LightUserFormInputBody; idempotencyKey: string },
): Promise<SubmitOutcome> {
  try {
    const answer = await api.call(contactEndpoints.submit, {
      params: { id: request.id },
      body: request.body,
      schema: SubmittedSchema,
      headers: { 'Idempotency-Key': request.idempotencyKey },
    });
    return { kind: 'sent', id: answer.data.id };
  } catch (error) {
    return outcomeOfError(error);
  }
}
