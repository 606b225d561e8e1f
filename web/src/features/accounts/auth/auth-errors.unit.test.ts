import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse } from '../../../kit/api/errors.ts';
import { describeAuthError, fieldOfAuthPointer, rateLimitedMessage } from './auth-errors.ts';

const t = (id: string, values?: Record<string, string | number>) =>
  values ? `${id} ${JSON.stringify(values)}` : id;
const known: Record<string, string> = {
  'auth.serverError.invalid_credentials': 'credentials refused',
  'auth.serverError.conflict.duplicate_email': 'address taken',
};
const lookup = (id: string) => known[id];

describe('auth form errors', () => {
  it('reads plain and JSON:API pointers', () => {
    expect(fieldOfAuthPointer('/email')).toBe('email');
    expect(fieldOfAuthPointer('/data/attributes/description')).toBe('description');
    expect(fieldOfAuthPointer('/data')).toBeNull();
    expect(fieldOfAuthPointer('')).toBeNull();
  });

  it('puts a translated 422 on its field and the raw detail of an unknown code', () => {
    const error = errorFromResponse(422, {
      errors: [
        { code: 'validation.invalid_credentials', detail: 'no', source: { pointer: '/email' } },
        { code: 'validation.whatever', detail: 'raw detail', source: { pointer: '/password' } },
        { code: 'validation.invalid', detail: 'elsewhere', source: { pointer: '/token' } },
      ],
    });
    expect(describeAuthError(error, ['email', 'password'], lookup, t)).toEqual({
      fields: { email: 'credentials refused', password: 'raw detail' },
      form: 'elsewhere',
      codes: ['validation.invalid_credentials', 'validation.whatever', 'validation.invalid'],
    });
  });

  it('puts a duplicate address (409) on the e-mail field', () => {
    const error = errorFromResponse(409, { errors: [{ code: 'conflict.duplicate_email', detail: 'taken' }] });
    expect(describeAuthError(error, ['email'], lookup, t).fields).toEqual({ email: 'address taken' });
  });

  it('words a 429 with its wait when known, generically otherwise', () => {
    const plain = errorFromResponse(429, { errors: [{ code: 'auth.rate_limited' }] });
    expect(rateLimitedMessage(plain, t)).toBe('auth.error.rateLimited');
    const timed = errorFromResponse(429, {
      errors: [{ code: 'auth.rate_limited', meta: { retryAfter: 600 } }],
    });
    expect(rateLimitedMessage(timed, t)).toBe('auth.error.rateLimitedMinutes {"minutes":10}');
  });

  it('keeps a form message for transport failures and rethrows what is not an answer', () => {
    expect(describeAuthError(new ApiError('network', 'Network Error'), [], lookup, t).form).toBe(
      'auth.error.notSent',
    );
    expect(() => describeAuthError(new Error('bug'), [], lookup, t)).toThrow('bug');
  });
});
