import { describe, expect, it } from 'vitest';
import { landingAfterLogin, RegisterRequestSchema, TwoFactorLoginRequestSchema } from './requests.ts';

describe('landing after login (seed 000 §2.10 rule 7)', () => {
  it('sends role holders to the dashboard', () => {
    expect(
      landingAfterLogin({ roles: ['contributor'], validated: false }, { validationRequests: false }),
    ).toBe('admin.dashboard');
  });
  it('sends validated users to the dashboard only when validation requests are on', () => {
    expect(landingAfterLogin({ roles: [], validated: true }, { validationRequests: true })).toBe(
      'admin.dashboard',
    );
    expect(landingAfterLogin({ roles: [], validated: true }, { validationRequests: false })).toBe(
      'account.profile',
    );
    expect(landingAfterLogin({ roles: [], validated: false }, { validationRequests: true })).toBe(
      'account.profile',
    );
  });
});

describe('auth request bodies', () => {
  it('needs matching passwords of at least 10 characters at registration', () => {
    const base = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.org',
      password: 'long enough',
      passwordConfirmation: 'long enough',
    };
    expect(RegisterRequestSchema.safeParse(base).success).toBe(true);
    const mismatch = RegisterRequestSchema.safeParse({ ...base, passwordConfirmation: 'other value' });
    expect(mismatch.error?.issues[0]?.path).toEqual(['passwordConfirmation']);
    expect(
      RegisterRequestSchema.safeParse({ ...base, password: 'short', passwordConfirmation: 'short' }).success,
    ).toBe(false);
  });
  it('takes a TOTP code or a recovery code, not both, not neither', () => {
    expect(TwoFactorLoginRequestSchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(TwoFactorLoginRequestSchema.safeParse({ recoveryCode: 'abcd-efgh-ijkl' }).success).toBe(true);
    expect(TwoFactorLoginRequestSchema.safeParse({}).success).toBe(false);
    expect(
      TwoFactorLoginRequestSchema.safeParse({ code: '123456', recoveryCode: 'abcd-efgh-ijkl' }).success,
    ).toBe(false);
    expect(TwoFactorLoginRequestSchema.safeParse({ code: '12a456' }).success).toBe(false);
  });
});
