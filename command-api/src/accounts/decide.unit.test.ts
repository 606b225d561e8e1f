import { MAX_SECONDARY_EMAILS } from '@platform/contracts/accounts/emails';
import { describe, expect, it } from 'vitest';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { UserEvent } from '@platform/contracts/accounts/events';
import { deciderSpec } from '@platform/tests/support/decider-spec';
import { userDecider } from './decide.ts';
import {
  id,
  hash,
  cmd,
  registered,
  register,
  verified,
  totpEnrolled,
  codes,
  totpOn,
} from '@platform/tests/support/accounts-spec-fixtures';

const spec = deciderSpec(userDecider);

describe('user decider: the account', () => {
  it('registers a user once; an administrator may register a verified address', () => {
    spec.given([]).when(register(false)).then([registered]);
    spec.given([]).when(register(true)).then([registered, verified]);
    spec
      .given([registered])
      .when(register(false))
      .thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });

  it('verifies the current address once; a link for an old address is refused', () => {
    spec
      .given([registered])
      .when(cmd('VerifyEmail', { id, email: 'ada@example.org' }))
      .then([verified]);
    spec
      .given([registered, verified])
      .when(cmd('VerifyEmail', { id, email: 'ada@example.org' }))
      .then([]);
    spec
      .given([registered])
      .when(cmd('VerifyEmail', { id, email: 'old@example.org' }))
      .thenThrows(DomainError, { code: 'auth.link_invalid' });
    spec
      .given([])
      .when(cmd('VerifyEmail', { id, email: 'a@example.org' }))
      .thenThrows(NotFoundError);
  });

  it('changing the address needs a new verification', () => {
    spec
      .given([registered, verified])
      .when(cmd('ChangeEmail', { id, email: 'new@example.org' }))
      .then([
        {
          type: 'UserEmailChanged',
          data: { id, email: 'new@example.org', previousEmail: 'ada@example.org' },
        },
      ]);
    spec
      .given([registered])
      .when(cmd('ChangeEmail', { id, email: 'ada@example.org' }))
      .then([]);
  });

  it('records only the parts of the profile that changed', () => {
    spec
      .given([registered])
      .when(cmd('UpdateProfile', { id, profile: { phone: '+33 1 23 45 67 89' }, locale: 'fr' }))
      .then([
        {
          type: 'UserProfileUpdated',
          data: {
            id,
            firstName: 'Ada',
            lastName: 'Lovelace',
            phone: '+33 1 23 45 67 89',
            description: null,
            organizationName: null,
            avatarUrl: null,
            jobId: null,
            jobOther: null,
            userCategoryId: null,
            newsletterFrequencyId: null,
            rentalInvoicingStrategyId: null,
          },
        },
        {
          type: 'UserLocalesChanged',
          data: { id, locale: 'fr', editionLocale: 'en', timezone: 'Europe/Paris' },
        },
      ]);
    spec
      .given([registered])
      .when(cmd('UpdateProfile', { id, profile: { firstName: 'Ada' }, locale: 'en' }))
      .then([]);
  });

  it('keeps jobOther only for the "other" job', () => {
    spec
      .given([registered])
      .when(cmd('UpdateProfile', { id, profile: { jobId: 'teacher', jobOther: 'Juggler' } }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/jobOther' })],
      });
    spec
      .given([registered])
      .when(cmd('UpdateProfile', { id, profile: { jobId: 'other', jobOther: 'Juggler' } }))
      .then([
        expect.objectContaining({
          type: 'UserProfileUpdated',
          data: expect.objectContaining({ jobOther: 'Juggler' }),
        }),
      ] as never);
  });

  it('stores secondary addresses and notification preferences, never the main address as a secondary one', () => {
    spec
      .given([registered])
      .when(
        cmd('UpdateProfile', {
          id,
          secondaryEmails: ['b@example.org'],
          notificationPreferences: { comments: false },
        }),
      )
      .then([
        { type: 'UserSecondaryEmailsChanged', data: { id, emails: ['b@example.org'] } },
        { type: 'UserNotificationPreferencesChanged', data: { id, preferences: { comments: false } } },
      ]);
    spec
      .given([registered])
      .when(cmd('UpdateProfile', { id, secondaryEmails: ['ada@example.org'] }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/secondaryEmailsString' })],
      });
    spec
      .given([registered])
      .when(
        cmd('UpdateProfile', {
          id,
          secondaryEmails: Array.from({ length: MAX_SECONDARY_EMAILS + 1 }, (_, n) => `s${n}@example.org`),
        }),
      )
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/secondaryEmailsString' })],
      });
  });

  it('changes a password; "changed" needs an existing one', () => {
    spec
      .given([registered])
      .when(cmd('ChangePassword', { id, passwordHash: '$argon2id$y', reason: 'changed' }))
      .then([{ type: 'UserPasswordChanged', data: { id, passwordHash: '$argon2id$y', reason: 'changed' } }]);
    const noPassword: UserEvent = {
      ...registered,
      data: { ...registered.data, passwordHash: null },
    } as UserEvent;
    spec
      .given([noPassword])
      .when(cmd('ChangePassword', { id, passwordHash: '$argon2id$y', reason: 'changed' }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/oldPassword' })],
      });
  });
});

describe('user decider: two-factor', () => {
  it('enables TOTP only after enrolment, and only once', () => {
    spec
      .given([registered])
      .when(cmd('EnableTwoFactor', { id, strategy: 'totp', recoveryCodeHashes: codes }))
      .thenThrows(ConflictError, { code: 'conflict.state' });
    spec
      .given([registered, totpEnrolled])
      .when(cmd('EnableTwoFactor', { id, strategy: 'totp', recoveryCodeHashes: codes }))
      .then([totpOn]);
    spec
      .given([registered, totpEnrolled, totpOn])
      .when(cmd('StartTwoFactorEnrolment', { id, secret: 'JBSWY3DPEHPK3PXPJBSWY3DQ' }))
      .thenThrows(ConflictError);
  });

  it('enables the e-mail strategy without enrolment, and disables either', () => {
    const emailOn: UserEvent = {
      type: 'UserTwoFactorEnabled',
      data: { id, strategy: 'email', recoveryCodeHashes: codes },
    };
    spec
      .given([registered])
      .when(cmd('EnableTwoFactor', { id, strategy: 'email', recoveryCodeHashes: codes }))
      .then([emailOn]);
    spec
      .given([registered, emailOn])
      .when(cmd('DisableTwoFactor', { id }))
      .then([{ type: 'UserTwoFactorDisabled', data: { id } }]);
    spec.given([registered]).when(cmd('DisableTwoFactor', { id })).then([]);
  });

  it('accepts a TOTP step once: the same or an earlier step is a replay', () => {
    const signedIn = (step: number): UserEvent => ({
      type: 'UserSignedIn',
      data: { id, method: 'totp', totpTimeStep: step },
    });
    const totp = (step: number) =>
      cmd('SignIn', { id, method: 'totp', totpTimeStep: step, recoveryCodeHash: null });
    spec
      .given([registered, totpEnrolled, totpOn])
      .when(totp(100))
      .then([signedIn(100)]);
    spec
      .given([registered, totpEnrolled, totpOn, signedIn(100)])
      .when(totp(101))
      .then([signedIn(101)]);
    spec
      .given([registered, totpEnrolled, totpOn, signedIn(100)])
      .when(totp(100))
      .thenThrows(ValidationError, {
        code: 'validation.invalid_code',
        issues: [expect.objectContaining({ pointer: '/code' })],
      });
    spec
      .given([registered, totpEnrolled, totpOn, signedIn(100)])
      .when(totp(99))
      .thenThrows(ValidationError);
  });

  it('spends a recovery code; a spent or unknown one is refused', () => {
    const recovery = (h: string) =>
      cmd('SignIn', { id, method: 'recovery_code', totpTimeStep: null, recoveryCodeHash: h });
    const used: UserEvent = { type: 'UserRecoveryCodeUsed', data: { id, codeHash: hash('a') } };
    spec
      .given([registered, totpEnrolled, totpOn])
      .when(recovery(hash('a')))
      .then([used, { type: 'UserSignedIn', data: { id, method: 'recovery_code', totpTimeStep: null } }]);
    spec
      .given([registered, totpEnrolled, totpOn, used])
      .when(recovery(hash('a')))
      .thenThrows(ValidationError, { issues: [expect.objectContaining({ pointer: '/recoveryCode' })] });
    spec
      .given([registered, totpEnrolled, totpOn])
      .when(recovery(hash('f')))
      .thenThrows(ValidationError);
  });

  it('records password sign-ins and sign-outs of known users only', () => {
    spec
      .given([registered])
      .when(cmd('SignIn', { id, method: 'password', totpTimeStep: null, recoveryCodeHash: null }))
      .then([{ type: 'UserSignedIn', data: { id, method: 'password', totpTimeStep: null } }]);
    spec
      .given([registered])
      .when(cmd('SignOut', { id }))
      .then([{ type: 'UserSignedOut', data: { id } }]);
    spec.given([]).when(cmd('SignOut', { id })).thenThrows(NotFoundError);
  });
});
