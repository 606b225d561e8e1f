import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { CaptchaPayload, LightUserFormInputBody } from '@platform/contracts/contacts/endpoints';
import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';
import type { PublicForm } from './contacts-api.ts';

export const FORM_ID = '0b7f5f2e-6d0c-4d38-9d59-3c0f3f0f2a11';
export const FORM_TOKEN = 'fairToken_0123456789abcdefghijkl';
export const formPath = (token = FORM_TOKEN, extra = '') => `/services/forms/${FORM_ID}?t=${token}${extra}`;

const SECRET = 'the fake server’s own key';

/** A challenge as the platform makes one (altcha-lib, signed), with little work: the browser's solver finds it fast. */
async function challengeFor(scope: string, expires: number) {
  const made = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 20,
    deriveKey,
    hmacSignatureSecret: SECRET,
    data: { scope, expires },
  });
  return { parameters: { ...made.parameters }, signature: made.signature ?? '' };
}

const JOBS = [
  { id: 'not_specified', name: 'Not specified' },
  { id: 'teacher', name: 'Teacher' },
  { id: 'other', name: 'Other' },
  { id: 'occupational_therapist', name: 'Occupational therapist' },
];

/** A POST's answer the test asks for instead of the server's own decision. */
export interface ForcedAnswer {
  status: number;
  errors: Array<{ code: string; detail?: string; pointer?: string }>;
}

type FormAttributes = Omit<PublicForm, 'id' | 'captcha'> & { isCaptchaProtected: boolean };

/**
 * GET /services/forms/{id}?t=…, GET /jobs and POST /services/forms/{id}/inputs as the platform answers them: the
 * form to whoever has its token (404 otherwise), a fresh signed challenge at each read, and a submission whose
 * captcha is checked as the server checks it (signed, for this form, solved, used once). `answers` replace the
 * next POSTs' decisions.
 */
export function contactsServer(attributes: Partial<FormAttributes> = {}) {
  const form: FormAttributes = {
    title: 'Autumn fair: stay in touch',
    description: 'We met at the fair.\nLeave us your details.',
    isSubscriptionForm: false,
    allowNoOrganization: false,
    allowMessage: false,
    onlyOneInput: false,
    country: 'FR',
    expiresAt: null,
    closed: null,
    defaultJob: null,
    isCaptchaProtected: true,
    ...attributes,
  };
  const state = {
    form,
    reads: 0,
    /** the documents the inputs were sent as, accepted or not */
    posted: [] as LightUserFormInputBody[],
    accepted: [] as LightUserFormInputBody[],
    usedSignatures: new Set<string>(),
    answers: [] as ForcedAnswer[],
    idempotencyKeys: [] as Array<string | null>,
  };
  const errorsOf = (answer: ForcedAnswer) =>
    fakeJson(answer.status, {
      errors: answer.errors.map((e) => ({
        status: String(answer.status),
        code: e.code,
        detail: e.detail ?? e.code,
        ...(e.pointer ? { source: { pointer: e.pointer } } : {}),
      })),
    });
  const captchaProblem = async (payload: CaptchaPayload | null | undefined): Promise<string | null> => {
    if (!state.form.isCaptchaProtected) return null;
    if (!payload) return 'The anti-spam check is missing';
    const checked = await verifySolution({
      challenge: payload.challenge as unknown as Challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: SECRET,
    });
    if (!checked.verified) return 'The anti-spam check did not pass';
    if (state.usedSignatures.has(payload.challenge.signature))
      return 'This anti-spam check was already used: send the form again';
    return null;
  };

  const handler = async (request: FakeRequest): Promise<Response | undefined> => {
    const { pathname, searchParams } = request.url;
    if (request.method === 'GET' && pathname === '/api/v1/jobs')
      return fakeJson(200, {
        data: JOBS.map((j) => ({ type: 'jobs', id: j.id, attributes: { name: j.name } })),
      });
    if (request.method === 'GET' && pathname === `/api/v1/services/forms/${FORM_ID}`) {
      if (searchParams.get('t') !== FORM_TOKEN)
        return errorsOf({
          status: 404,
          errors: [{ code: 'not_found', detail: 'light-user-form not found' }],
        });
      state.reads += 1;
      const { isCaptchaProtected, ...shown } = state.form;
      return fakeJson(200, {
        data: {
          type: 'light-user-forms',
          id: FORM_ID,
          attributes: {
            ...shown,
            captcha:
              isCaptchaProtected && shown.closed === null
                ? await challengeFor(FORM_ID, Date.now() + 60 * 60_000)
                : null,
          },
        },
      });
    }
    if (request.method === 'POST' && pathname === `/api/v1/services/forms/${FORM_ID}/inputs`) {
      const body = request.body as LightUserFormInputBody;
      state.posted.push(body);
      state.idempotencyKeys.push(request.headers.get('Idempotency-Key'));
      const forced = state.answers.shift();
      if (forced) return errorsOf(forced);
      const attributes = body.data.attributes;
      if (attributes.token !== FORM_TOKEN) return errorsOf({ status: 404, errors: [{ code: 'not_found' }] });
      const problem = await captchaProblem(attributes.captcha);
      if (problem)
        return errorsOf({
          status: 422,
          errors: [{ code: 'validation.invalid', detail: problem, pointer: '/data/attributes/captcha' }],
        });
      if (attributes.captcha) state.usedSignatures.add(attributes.captcha.challenge.signature);
      state.accepted.push(body);
      return fakeJson(201, {
        data: { type: 'light-user-form-inputs', id: `input-${state.accepted.length}` },
        meta: { position: String(100 + state.accepted.length) },
      });
    }
    return undefined;
  };
  return { state, handler };
}
