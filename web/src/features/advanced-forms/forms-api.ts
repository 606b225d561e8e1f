import { z } from 'zod/v4';
import type { CaptchaChallenge, CaptchaPayload } from '@platform/contracts/contacts/endpoints';
import type { Locale } from '@platform/contracts/enums';
import { advancedFormEndpoints, type PublicAdvancedForm } from '@platform/contracts/forms/endpoints';
import type { FormAnswers } from '@platform/contracts/forms/rules';
import type { ApiClient } from '../../kit/api/client.ts';
import { ApiError } from '../../kit/api/errors.ts';
import { fieldOfPointer } from '../../kit/api/field-errors.ts';

/** An advanced form as its public page shows it (contracts/src/forms/endpoints.ts): its pages, whether it is open. */
export type AdvancedForm = PublicAdvancedForm['data']['attributes'] & { id: string };

/** A response read back by its token: its answers, its furthest page (from 0), whether it was sent. */
export interface SavedResponse {
  answers: FormAnswers;
  section: number;
  endedAt: string | null;
}

/** Why the platform refused a call, as the page tells it. */
export type ConflictReason = 'notYetOpen' | 'closed' | 'ended' | 'other';

/**
 * A failed call as the page handles it: answers refused on their fields (422, `answers/<fieldId>` pointers; the
 * captcha named on a start), refused by the form's dates or an ended response (409), a form or token that is not
 * one (404), or not taken at all (no answer, an unexpected one).
 */
export type Refusal =
  | { kind: 'fields'; fields: Array<{ fieldId: string; required: boolean }>; captcha: boolean }
  | { kind: 'conflict'; reason: ConflictReason }
  | { kind: 'notFound' }
  | { kind: 'failed' };

const CONFLICTS: Record<string, ConflictReason> = {
  'conflict.form_not_open': 'notYetOpen',
  'conflict.form_closed': 'closed',
  'conflict.response_ended': 'ended',
};

/** The field a 422's pointer names: '/data/attributes/answers/<fieldId>' → the field's id; the captcha; or null. */
export function fieldOfAnswerPointer(pointer: string | undefined): string | 'captcha' | null {
  const path = fieldOfPointer(pointer);
  if (path === 'captcha') return 'captcha';
  return path?.startsWith('answers.') && path.length > 'answers.'.length
    ? path.slice('answers.'.length)
    : null;
}

/** A failed call's error as the page tells it (pure: the machine maps its actors' errors with it). */
export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  if (error.kind === 'not-found') return { kind: 'notFound' };
  if (error.kind === 'conflict')
    return { kind: 'conflict', reason: CONFLICTS[error.errors[0]?.code ?? ''] ?? 'other' };
  if (error.kind !== 'validation') return { kind: 'failed' };
  const fields: Array<{ fieldId: string; required: boolean }> = [];
  let captcha = false;
  for (const issue of error.errors) {
    const field = fieldOfAnswerPointer(issue.source?.pointer);
    if (field === 'captcha') captcha = true;
    else if (field && !fields.some((f) => f.fieldId === field))
      fields.push({ fieldId: field, required: issue.code === 'validation.required' });
  }
  // a refusal that names nothing the visitor can fix is not theirs to fix
  if (!captcha && fields.length === 0) return { kind: 'failed' };
  return { kind: 'fields', fields, captcha };
}

/** The form's page (404 for an id that is no live form), with a fresh challenge when it asks one and is open. */
export async function readAdvancedForm(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<AdvancedForm> {
  const answer = await api.call(advancedFormEndpoints.form, {
    params: { id },
    ...(signal ? { signal } : {}),
  });
  return { id: answer.data.id, ...answer.data.attributes };
}

/** A fresh challenge for the form (its page read again), or null when it asks none now. */
export async function readChallenge(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<CaptchaChallenge | null> {
  const answer = await api.call(advancedFormEndpoints.form, {
    params: { id },
    quiet: true,
    ...(signal ? { signal } : {}),
  });
  return answer.data.attributes.captcha;
}

/** A response by its token (404 for any token that is not one of this form's). */
export async function readResponse(
  api: ApiClient,
  ref: { id: string; token: string },
  signal?: AbortSignal,
): Promise<SavedResponse> {
  const answer = await api.call(advancedFormEndpoints.response, {
    params: { id: ref.id, token: ref.token },
    ...(signal ? { signal } : {}),
  });
  return answer.data.attributes;
}

export interface StartRequest {
  id: string;
  captcha: CaptchaPayload | null;
  locale: Locale;
}

/**
 * Starts a response (POST /services/aforms/{id}/responses): its token, which the page's address carries from then
 * on. The writes are quiet: the page words their failures itself and keeps what was typed, where the shell's
 * network dialog offers to reload.
 */
export async function startResponse(api: ApiClient, request: StartRequest): Promise<string> {
  const answer = await api.call(advancedFormEndpoints.start, {
    params: { id: request.id },
    body: {
      data: { type: 'form-responses', attributes: { captcha: request.captcha, locale: request.locale } },
    },
    quiet: true,
  });
  return answer.meta.token;
}

export interface SaveRequest {
  id: string;
  token: string;
  /** the page, from 0 */
  section: number;
  answers: FormAnswers;
}

const CommandAnswerSchema = z.object({ data: z.object({ id: z.string() }) }).passthrough();

/** Keeps a page's answers (PUT …/responses/{token}/sections/{n}); 422 names the answers refused. */
export async function saveSection(api: ApiClient, request: SaveRequest): Promise<void> {
  await api.call(advancedFormEndpoints.saveSection, {
    params: { id: request.id, token: request.token, section: String(request.section) },
    body: { data: { type: 'form-responses', attributes: { answers: request.answers } } },
    schema: CommandAnswerSchema,
    quiet: true,
  });
}

/** Sends the response (POST …/responses/{token}/end); 422 names the required questions left unanswered. */
export async function endResponse(api: ApiClient, ref: { id: string; token: string }): Promise<void> {
  await api.call(advancedFormEndpoints.end, {
    params: { id: ref.id, token: ref.token },
    schema: CommandAnswerSchema,
    quiet: true,
  });
}
