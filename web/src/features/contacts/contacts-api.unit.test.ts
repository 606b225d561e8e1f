import { LightUserFormInputBodySchema } from '@platform/contracts/contacts/endpoints';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../kit/api/errors.ts';
import { checkValues, initialValues, inputBody, outcomeOfError, utmOf } from './contacts-api.ts';

const typed = {
  ...initialValues({ defaultJob: null }),
  userFirstName: ' Ana ',
  userLastName: 'Pop',
  userEmail: ' ana.pop@example.org ',
};

describe('the campaign of the page’s address', () => {
  it('keeps the utm_* parameters given, each cut to 100 characters', () => {
    expect(utmOf('?utm_source=fair&utm_campaign=autumn&utm_medium=&other=1')).toEqual({
      source: 'fair',
      campaign: 'autumn',
    });
    expect(utmOf(`utm_term=${'x'.repeat(150)}&utm_content=b`)).toEqual({
      term: 'x'.repeat(100),
      content: 'b',
    });
    expect(utmOf('?t=abc')).toBeNull();
  });
});

describe('what the page checks before sending', () => {
  it('asks names and a real e-mail address, the organization unless the form lets it go, the job’s words for “other”', () => {
    const empty = initialValues({ defaultJob: 'other' });
    expect(checkValues(empty, { allowNoOrganization: false })).toEqual({
      userFirstName: 'required',
      userLastName: 'required',
      userEmail: 'required',
      userJobOther: 'required',
      organizationName: 'required',
    });
    expect(checkValues({ ...typed, userEmail: 'ana@' }, { allowNoOrganization: true })).toEqual({
      userEmail: 'email',
    });
    expect(checkValues(typed, { allowNoOrganization: true })).toEqual({});
  });
});

describe('the submission’s document', () => {
  it('sends what the form asks, trimmed, and nothing it does not take', () => {
    const values = {
      ...typed,
      userPhone: '  ',
      userJob: 'teacher',
      userJobOther: 'left over from “other”',
      message: 'Hello',
      userHasMailSubscription: true,
      organizationName: ' Cluj centre ',
    };
    const body = inputBody({
      token: 'T'.repeat(32),
      form: { allowMessage: false, isSubscriptionForm: false },
      values,
      captcha: null,
      locale: 'ro',
      utm: null,
    });
    expect(body.data.attributes).toMatchObject({
      userFirstName: 'Ana',
      userEmail: 'ana.pop@example.org',
      userPhone: null,
      userJobOther: null,
      message: null,
      userHasMailSubscription: false,
      organizationName: 'Cluj centre',
      organizationUnitName: null,
      locale: 'ro',
    });
    expect(body.data.relationships).toEqual({ userJob: { data: { type: 'jobs', id: 'teacher' } } });
    // the server's own schema takes it
    expect(LightUserFormInputBodySchema.safeParse(body).success).toBe(true);

    const asked = inputBody({
      token: 'T'.repeat(32),
      form: { allowMessage: true, isSubscriptionForm: true },
      values: { ...values, userJob: 'other' },
      captcha: null,
      locale: 'ro',
      utm: { source: 'fair' },
    });
    expect(asked.data.attributes).toMatchObject({
      message: 'Hello',
      userHasMailSubscription: true,
      userJobOther: 'left over from “other”',
      utm: { source: 'fair' },
    });
    const none = inputBody({
      token: 'T'.repeat(32),
      form: { allowMessage: true, isSubscriptionForm: true },
      values: typed,
      captcha: null,
      locale: 'en',
      utm: null,
    });
    expect(none.data.relationships).toEqual({ userJob: { data: null } });
  });
});

describe('a refused submission, as the page tells it', () => {
  const refusal = (status: number, errors: object[]) =>
    new ApiError(status === 422 ? 'validation' : status === 409 ? 'conflict' : 'not-found', 'refused', {
      status,
      errors,
    });

  it('puts each 422 on its field, the first problem of a field kept, and asks a fresh captcha when named', () => {
    expect(
      outcomeOfError(
        refusal(422, [
          { code: 'validation.required', source: { pointer: '/data/attributes/organizationName' } },
          { code: 'validation.invalid', source: { pointer: '/data/attributes/userEmail' } },
          { code: 'validation.invalid', source: { pointer: '/data/attributes/userPhone' } },
          { code: 'validation.required', source: { pointer: '/data/attributes/userPhone' } },
          { code: 'validation.invalid', source: { pointer: '/data/relationships/userJob/data/id' } },
          { code: 'validation.invalid', source: { pointer: '/data/attributes/captcha' } },
        ]),
      ),
    ).toEqual({
      kind: 'refused',
      fields: { organizationName: 'required', userEmail: 'email', userPhone: 'invalid', userJob: 'invalid' },
      captcha: true,
    });
    expect(
      outcomeOfError(
        refusal(422, [{ code: 'validation.invalid', source: { pointer: '/data/attributes/captcha' } }]),
      ),
    ).toEqual({ kind: 'refused', fields: {}, captcha: true });
    // a refusal of nothing the visitor wrote (the token) is not theirs to fix
    expect(
      outcomeOfError(
        refusal(422, [{ code: 'validation.invalid', source: { pointer: '/data/attributes/token' } }]),
      ),
    ).toEqual({ kind: 'failed' });
  });

  it('tells the form’s rules (409), a wrong link (404) and anything else apart', () => {
    expect(outcomeOfError(refusal(409, [{ code: 'conflict.form_closed' }]))).toEqual({
      kind: 'conflict',
      reason: 'closed',
    });
    expect(outcomeOfError(refusal(409, [{ code: 'conflict.form_expired' }]))).toEqual({
      kind: 'conflict',
      reason: 'expired',
    });
    expect(outcomeOfError(refusal(409, [{ code: 'conflict.form_already_submitted' }]))).toEqual({
      kind: 'conflict',
      reason: 'alreadySubmitted',
    });
    expect(outcomeOfError(refusal(409, []))).toEqual({ kind: 'conflict', reason: 'other' });
    expect(outcomeOfError(refusal(404, []))).toEqual({ kind: 'notFound' });
    expect(outcomeOfError(new ApiError('network', 'Network Error'))).toEqual({ kind: 'failed' });
    expect(outcomeOfError(new Error('bug'))).toEqual({ kind: 'failed' });
  });
});
