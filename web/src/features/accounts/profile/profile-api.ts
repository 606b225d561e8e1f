import { NOTIFICATION_KINDS, OTHER_JOB_ID } from '@platform/contracts/accounts/reference';
import { accountEndpoints } from '@platform/contracts/accounts/endpoints';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../../kit/api/client.ts';
import { ApiError, retryAfterSeconds } from '../../../kit/api/errors.ts';
import { fieldOfPointer, toFieldErrors, type FieldMessageLookup } from '../../../kit/api/field-errors.ts';
import type { SessionUser } from '../../../kit/session/documents.ts';
import type { SectionErrors, SectionValues } from './section-form.machine.ts';

/** The answer of a command (command-api/src/http/respond.ts): where the write stands. */
export const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }),
  meta: z.object({ position: z.string(), version: z.string().optional() }),
});
export type CommandAnswer = z.infer<typeof CommandAnswerSchema>;

/** A reference list (GET /jobs, /user-categories): ids in the server's order, names in English. */
export const ReferenceListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      attributes: z.object({ name: z.string() }).passthrough(),
    }),
  ),
});
export interface ReferenceOption {
  id: string;
  name: string;
}

export async function readReferenceList(
  api: ApiClient,
  type: 'jobs' | 'user-categories',
  signal?: AbortSignal,
): Promise<ReferenceOption[]> {
  const doc = await api.call(recordEndpoints(type).list, {
    schema: ReferenceListSchema,
    ...(signal ? { signal } : {}),
  });
  const items = doc.data.map((d) => ({ id: d.id, name: d.attributes.name }));
  // "other" is listed last (seed 001 §3), whatever order a list arrives in
  return [...items.filter((i) => i.id !== OTHER_JOB_ID), ...items.filter((i) => i.id === OTHER_JOB_ID)];
}

/** PATCH /users/:id with a JSON:API document; If-Match carries the version the form was read at. */
export function patchUser(
  api: ApiClient,
  user: Pick<SessionUser, 'id' | 'version'>,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
): Promise<CommandAnswer> {
  return api.call(accountEndpoints.updateUser, {
    params: { id: user.id },
    schema: CommandAnswerSchema,
    body: {
      data: { type: 'users', id: user.id, attributes, ...(relationships ? { relationships } : {}) },
    },
    ...(user.version !== null ? { headers: { 'If-Match': `"${user.version}"` } } : {}),
  });
}

/** PATCH /users/:id/relationships/acting-as-organization: one of the user's organizations, or nobody. */
export function switchActingOrganization(
  api: ApiClient,
  userId: string,
  organizationId: string | null,
): Promise<CommandAnswer> {
  return api.call(accountEndpoints.actAs, {
    params: { id: userId },
    schema: CommandAnswerSchema,
    body: { data: organizationId === null ? null : { type: 'organizations', id: organizationId } },
  });
}

const text = (v: string | boolean | undefined) => (typeof v === 'string' ? v : '');
const orNull = (v: string | boolean | undefined) => (text(v).trim() === '' ? null : text(v));

// ---- identity ----

export function identityValues(user: SessionUser): SectionValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    description: user.description ?? '',
    organizationName: user.organizationName ?? '',
    jobId: user.jobId ?? '',
    jobOther: user.jobOther ?? '',
    userCategoryId: user.userCategoryId ?? '',
  };
}

export function identityBody(values: SectionValues) {
  const jobId = text(values.jobId);
  return {
    attributes: {
      firstName: text(values.firstName),
      lastName: text(values.lastName),
      phone: orNull(values.phone),
      description: orNull(values.description),
      organizationName: orNull(values.organizationName),
      // the free-text job only means something next to "other"
      jobOther: jobId === OTHER_JOB_ID ? orNull(values.jobOther) : null,
    },
    relationships: {
      job: { data: jobId ? { type: 'jobs', id: jobId } : null },
      userCategory: {
        data: text(values.userCategoryId)
          ? { type: 'user-categories', id: text(values.userCategoryId) }
          : null,
      },
    },
  };
}

// ---- e-mail addresses ----

export function emailValues(user: SessionUser): SectionValues {
  return { email: user.email, secondaryEmails: user.secondaryEmailsString };
}

/** Seed 000 §5: one address per line, trimmed, blank lines dropped (the server stores the ASCII form). */
export function cleanSecondaryEmails(textarea: string): string {
  return textarea
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

export function emailBody(values: SectionValues, baseline: SectionValues) {
  const email = text(values.email).trim();
  return {
    attributes: {
      ...(email !== text(baseline.email) ? { email } : {}),
      secondaryEmailsString: cleanSecondaryEmails(text(values.secondaryEmails)),
    },
  };
}

// ---- preferences ----

export const notificationField = (kind: string) => `notify.${kind}`;

export function preferenceValues(user: SessionUser): SectionValues {
  const values: SectionValues = {
    locale: user.locale,
    editionLocale: user.editionLocale,
    timezone: user.timezone,
  };
  // an absent key means "on" (contracts/src/accounts/reference.ts)
  for (const kind of NOTIFICATION_KINDS) {
    values[notificationField(kind)] = user.notificationsPreferences[kind] ?? true;
  }
  return values;
}

export function preferencesBody(values: SectionValues) {
  const notificationsPreferences = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, values[notificationField(kind)] !== false]),
  );
  return {
    attributes: {
      notificationsPreferences,
      locale: text(values.locale),
      editionLocale: text(values.editionLocale),
      timezone: text(values.timezone),
    },
  };
}

// ---- password ----

export const EMPTY_PASSWORD: SectionValues = { oldPassword: '', password: '', passwordConfirmation: '' };

export function passwordBody(values: SectionValues, hasPassword: boolean) {
  return {
    attributes: {
      password: text(values.password),
      ...(hasPassword ? { oldPassword: text(values.oldPassword) } : {}),
    },
  };
}

// ---- errors ----

/** Server field names (JSON:API members) that a section shows under another name. */
const FIELD_ALIASES: Record<string, string> = {
  job: 'jobId',
  userCategory: 'userCategoryId',
  secondaryEmailsString: 'secondaryEmails',
  notificationsPreferences: '_form',
};

function sectionField(serverField: string | null, fields: readonly string[]): string {
  if (serverField === null) return '_form';
  const root = serverField.split('.')[0] ?? serverField;
  const name = FIELD_ALIASES[root] ?? root;
  return fields.includes(name) ? name : '_form';
}

export interface ErrorMessages {
  rateLimited: (seconds: number | null) => string;
  forbidden: string;
  notFound: string;
  badRequest: string;
}

/**
 * A failed save as messages on the section's fields (seed 000 §5, §8): a 422 on the field its pointer names, a
 * 409 on the field it is about (the e-mail address already taken) or on the whole section, a 429 with the wait,
 * a 403/404/400 as a section message. Network, session and unexpected failures belong to the shell's dialogs:
 * rethrown, so the form keeps its values and the dialog speaks.
 */
export function sectionErrors(
  error: unknown,
  lookup: FieldMessageLookup,
  fields: readonly string[],
  messages: ErrorMessages,
): SectionErrors {
  if (!(error instanceof ApiError)) throw error;
  if (error.kind === 'validation' || error.kind === 'conflict') {
    const raw = toFieldErrors(error, lookup);
    const out: SectionErrors = {};
    for (const [field, message] of Object.entries(raw)) {
      const target =
        field === 'id'
          ? sectionField(fieldOfPointer(error.errors[0]?.source?.pointer), fields)
          : sectionField(field, fields);
      out[target] ??= message;
    }
    return out;
  }
  if (error.kind === 'rate-limited') {
    return { _form: messages.rateLimited(retryAfterSeconds(error)) };
  }
  if (error.kind === 'forbidden') return { _form: messages.forbidden };
  if (error.kind === 'not-found') return { _form: messages.notFound };
  if (error.kind === 'bad-request') return { _form: messages.badRequest };
  throw error;
}
