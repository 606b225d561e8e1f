import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type {
  PublicAdvancedForm,
  SaveFormSectionBody,
  StartFormResponseBody,
} from '@platform/contracts/forms/endpoints';
import {
  checkSection,
  missingAnswers,
  type FormAnswers,
  type FormFieldView,
  type FormSection,
} from '@platform/contracts/forms/rules';
import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';

export const FORM_ID = '5d7a9e4c-2b1f-4c8e-9a3d-7e6f5a4b3c21';
export const RESPONSE_TOKEN = 'resp_Token_0123456789abcdefghijk';
export const formPath = (rest = '') => `/services/aforms/${FORM_ID}${rest}`;

const SECRET = 'the fake server’s own key';

/** A challenge as the platform makes one (altcha-lib, signed), with little work: the browser's solver finds it fast. */
async function challengeFor(scope: string) {
  const made = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 20,
    deriveKey,
    hmacSignatureSecret: SECRET,
    data: { scope, expires: Date.now() + 60 * 60_000 },
  });
  return { parameters: { ...made.parameters }, signature: made.signature ?? '' };
}

const question = (id: string, attributes: Partial<FormFieldView>): FormFieldView => ({
  id,
  position: 0,
  title: id,
  description: null,
  required: false,
  fieldType: 'short_text',
  dataType: 'text',
  config: {},
  ...attributes,
});

/** A form of two pages: who you are (a name required, an e-mail address), then the visit (a choice, a box to tick). */
export const TWO_PAGES: FormSection[] = [
  {
    id: 'sec-1',
    title: 'About you',
    description: 'So that we can answer you.',
    fields: [
      question('name', { title: 'Your name', required: true }),
      question('email', { title: 'E-mail address', dataType: 'email' }),
    ],
  },
  {
    id: 'sec-2',
    title: 'Your visit',
    description: null,
    fields: [
      question('rating', {
        title: 'How was it?',
        fieldType: 'single_choice',
        dataType: null,
        config: { choices: ['Good', 'Bad'] },
      }),
      question('consent', {
        title: 'I agree to be contacted',
        fieldType: 'checkbox',
        dataType: null,
        required: true,
      }),
    ],
  },
];

type FormAttributes = Omit<PublicAdvancedForm['data']['attributes'], 'captcha'> & {
  isCaptchaProtected: boolean;
};

const errorsOf = (status: number, errors: Array<{ code: string; pointer?: string }>) =>
  fakeJson(status, {
    errors: errors.map((e) => ({
      status: String(status),
      code: e.code,
      detail: e.code,
      ...(e.pointer ? { source: { pointer: e.pointer } } : {}),
    })),
  });

/**
 * The advanced form's calls as the platform answers them: the form to anyone (a fresh signed challenge at each read
 * while it is open), a response started behind the captcha (checked as the server checks it), pages checked with
 * the shared rules and kept, and an end that refuses a response lacking a required answer.
 */
export function advancedFormsServer(attributes: Partial<FormAttributes> = {}) {
  const form: FormAttributes = {
    title: 'Visit feedback',
    description: 'Tell us how your visit went.',
    state: 'open',
    openAt: null,
    closeAt: null,
    sections: TWO_PAGES,
    isCaptchaProtected: true,
    ...attributes,
  };
  const state = {
    form,
    started: [] as StartFormResponseBody[],
    saved: [] as Array<{ section: number; body: SaveFormSectionBody }>,
    answers: {} as FormAnswers,
    section: 0,
    endedAt: null as string | null,
    ends: 0,
  };
  const base = `/api/v1/services/aforms/${FORM_ID}`;
  const handler = async (request: FakeRequest): Promise<Response | undefined> => {
    const { pathname } = request.url;
    if (!pathname.startsWith('/api/v1/services/aforms/')) return undefined;
    if (request.method === 'GET' && pathname === base) {
      const { isCaptchaProtected, ...shown } = state.form;
      return fakeJson(200, {
        data: {
          type: 'forms',
          id: FORM_ID,
          attributes: {
            ...shown,
            captcha: isCaptchaProtected && shown.state === 'open' ? await challengeFor(FORM_ID) : null,
          },
        },
      });
    }
    if (request.method === 'POST' && pathname === `${base}/responses`) {
      const body = request.body as StartFormResponseBody;
      state.started.push(body);
      const payload = body.data.attributes?.captcha;
      const verified =
        payload &&
        (
          await verifySolution({
            challenge: payload.challenge as unknown as Challenge,
            solution: payload.solution,
            deriveKey,
            hmacSignatureSecret: SECRET,
          })
        ).verified;
      if (state.form.isCaptchaProtected && !verified)
        return errorsOf(422, [{ code: 'validation.invalid', pointer: '/data/attributes/captcha' }]);
      return fakeJson(201, {
        data: { type: 'form-responses', id: 'response-1' },
        meta: { token: RESPONSE_TOKEN, position: '7' },
      });
    }
    const own = `${base}/responses/${RESPONSE_TOKEN}`;
    if (!pathname.startsWith(own)) return errorsOf(404, [{ code: 'not_found' }]);
    if (request.method === 'GET' && pathname === own)
      return fakeJson(200, {
        data: {
          type: 'form-responses',
          id: 'response-1',
          attributes: { answers: state.answers, section: state.section, endedAt: state.endedAt },
        },
      });
    if (state.endedAt) return errorsOf(409, [{ code: 'conflict.response_ended' }]);
    const page = /\/sections\/(\d+)$/.exec(pathname);
    if (request.method === 'PUT' && page) {
      const section = Number(page[1]);
      const body = request.body as SaveFormSectionBody;
      state.saved.push({ section, body });
      const { values, problems } = checkSection(
        state.form.sections[section]!,
        body.data.attributes.answers as FormAnswers,
      );
      if (problems.length)
        return errorsOf(
          422,
          problems.map((p) => ({ code: p.code, pointer: `/data/attributes/answers/${p.fieldId}` })),
        );
      state.answers = { ...state.answers, ...values };
      state.section = Math.max(state.section, Math.min(section + 1, state.form.sections.length - 1));
      return fakeJson(200, { data: { type: 'form-responses', id: 'response-1' }, meta: { position: '8' } });
    }
    if (request.method === 'POST' && pathname === `${own}/end`) {
      state.ends += 1;
      const missing = missingAnswers(state.form.sections, state.answers);
      if (missing.length)
        return errorsOf(
          422,
          missing.map(({ field }) => ({
            code: 'validation.required',
            pointer: `/data/attributes/answers/${field.id}`,
          })),
        );
      state.endedAt = new Date().toISOString();
      return fakeJson(200, { data: { type: 'form-responses', id: 'response-1' }, meta: { position: '9' } });
    }
    return undefined;
  };
  return { state, handler };
}
