import { expect } from 'vitest';
import { describe, it } from 'vitest';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { UserEvent } from '@platform/contracts/accounts/events';
import { deciderSpec } from '../testing/decider-spec.ts';
import { specMetadata } from '../testing/given-when-then.ts';
import type { UserCommand } from './commands.ts';
import { userDecider } from './decide.ts';

const spec = deciderSpec(userDecider);
const metadata = specMetadata();
const id = '0b000000-0000-4000-8000-00000000000b';
const org = '0c000000-0000-4000-8000-00000000000c';
const org2 = '0c000000-0000-4000-8000-00000000000d';
const request = '0d000000-0000-4000-8000-00000000000d';
const admin = '0e000000-0000-4000-8000-00000000000e';
const hash = (c: string) => c.repeat(64);
const cmd = <T extends UserCommand['type']>(type: T, data: Extract<UserCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as UserCommand;

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    id,
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Lovelace',
    locale: 'en',
    timezone: 'Europe/Paris',
    passwordHash: '$argon2id$x',
    origin: 'register',
  },
};
const register = (emailVerified: boolean) =>
  cmd('RegisterUser', { ...registered.data, emailVerified } as never);
const verified: UserEvent = { type: 'UserEmailVerified', data: { id, email: 'ada@example.org' } };
const joined = (organizationId: string): UserEvent => ({
  type: 'UserJoinedOrganization',
  data: { id, organizationId },
});
const totpEnrolled: UserEvent = {
  type: 'UserTwoFactorEnrolmentStarted',
  data: { id, strategy: 'totp', secret: 'JBSWY3DPEHPK3PXPJBSWY3DP' },
};
const codes = [hash('a'), hash('b'), hash('c'), hash('d')];
const totpOn: UserEvent = {
  type: 'UserTwoFactorEnabled',
  data: { id, strategy: 'totp', recoveryCodeHashes: codes },
};
const requested: UserEvent = {
  type: 'UserValidationRequested',
  data: { id, requestId: request, description: 'I run a fab lab', attachedOrganizationId: null },
};

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
      .thenNothing();
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
      .thenNothing();
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
      .thenNothing();
  });

  it('keeps jobOther only for the "other" job', () => {
    spec
      .given([registered])
      .when(cmd('UpdateProfile', { id, profile: { jobId: 'teacher', jobOther: 'Juggler' } }))
      .thenThrows(ValidationError, { pointer: '/data/attributes/jobOther' });
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
      .thenThrows(ValidationError, { pointer: '/data/attributes/secondaryEmailsString' });
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
      .thenThrows(ValidationError, { pointer: '/data/attributes/oldPassword' });
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
    spec.given([registered]).when(cmd('DisableTwoFactor', { id })).thenNothing();
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
      .thenThrows(ValidationError, { code: 'validation.invalid_code', pointer: '/code' });
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
      .thenThrows(ValidationError, { pointer: '/recoveryCode' });
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

describe('user decider: administration', () => {
  it('sets roles as a list: grants and revokes the difference', () => {
    const granted: UserEvent = { type: 'UserRoleGranted', data: { id, role: 'contributor' } };
    spec
      .given([registered])
      .when(cmd('SetRoles', { id, roles: ['contributor'] }))
      .then([granted]);
    spec
      .given([registered, granted])
      .when(cmd('SetRoles', { id, roles: ['admin'] }))
      .then([
        { type: 'UserRoleRevoked', data: { id, role: 'contributor' } },
        { type: 'UserRoleGranted', data: { id, role: 'admin' } },
      ]);
    spec
      .given([registered, granted])
      .when(cmd('SetRoles', { id, roles: ['contributor'] }))
      .thenNothing();
    spec
      .given([registered])
      .when(cmd('SetRoles', { id, roles: ['admin', 'admin'] }))
      .thenThrows(ValidationError);
  });

  it('sets the access level when it changes', () => {
    const set: UserEvent = { type: 'UserAccessLevelSet', data: { id, accessLevel: 'member_level_1' } };
    spec
      .given([registered])
      .when(cmd('SetUserAccessLevel', { id, accessLevel: 'member_level_1' }))
      .then([set]);
    spec
      .given([registered, set])
      .when(cmd('SetUserAccessLevel', { id, accessLevel: 'member_level_1' }))
      .thenNothing();
  });

  it('keeps one pending validation request, none once validated', () => {
    spec
      .given([registered])
      .when(cmd('RequestValidation', requested.data as never))
      .then([requested]);
    const another = { ...requested.data, requestId: '0d000000-0000-4000-8000-0000000000ff' };
    spec
      .given([registered, requested])
      .when(cmd('RequestValidation', another as never))
      .thenThrows(ConflictError, { code: 'conflict.state' });
    spec
      .given([registered, { type: 'UserValidated', data: { id } }])
      .when(cmd('RequestValidation', requested.data as never))
      .thenThrows(ConflictError);
  });

  it('moves a request from pending to accepted (validating the user) or refused, once', () => {
    const decide = (decision: 'accepted' | 'refused') =>
      cmd('DecideValidationRequest', {
        id,
        requestId: request,
        decision,
        reason: decision === 'refused' ? 'Unknown lab' : null,
      });
    const accepted: UserEvent = { type: 'UserValidationRequestAccepted', data: { id, requestId: request } };
    spec
      .given([registered, requested])
      .when(decide('accepted'))
      .then([accepted, { type: 'UserValidated', data: { id } }]);
    spec
      .given([registered, requested])
      .when(decide('refused'))
      .then([
        { type: 'UserValidationRequestRefused', data: { id, requestId: request, reason: 'Unknown lab' } },
      ]);
    spec
      .given([registered, requested, accepted])
      .when(decide('refused'))
      .thenThrows(ConflictError, { code: 'conflict.state' });
    spec.given([registered]).when(decide('accepted')).thenThrows(NotFoundError);
  });

  it('validates a user directly once', () => {
    spec
      .given([registered])
      .when(cmd('ValidateUser', { id }))
      .then([{ type: 'UserValidated', data: { id } }]);
    spec
      .given([registered, { type: 'UserValidated', data: { id } }])
      .when(cmd('ValidateUser', { id }))
      .thenNothing();
  });

  it('joins and leaves organizations; leaving the acting one acts on no one', () => {
    spec
      .given([registered])
      .when(cmd('JoinOrganization', { id, organizationId: org }))
      .then([joined(org)]);
    spec
      .given([registered, joined(org)])
      .when(cmd('JoinOrganization', { id, organizationId: org }))
      .thenNothing();
    spec
      .given([registered])
      .when(cmd('LeaveOrganization', { id, organizationId: org }))
      .thenNothing();
    const switched: UserEvent = {
      type: 'UserActingAsOrganizationSwitched',
      data: { id, organizationId: org },
    };
    const left: UserEvent = { type: 'UserLeftOrganization', data: { id, organizationId: org } };
    spec
      .given([registered, joined(org), switched, left])
      .when(cmd('SwitchActingOrganization', { id, organizationId: null }))
      .thenNothing();
  });

  it('acts only on behalf of an organization the user belongs to', () => {
    spec
      .given([registered, joined(org)])
      .when(cmd('SwitchActingOrganization', { id, organizationId: org }))
      .then([{ type: 'UserActingAsOrganizationSwitched', data: { id, organizationId: org } }]);
    spec
      .given([registered, joined(org)])
      .when(cmd('SwitchActingOrganization', { id, organizationId: org2 }))
      .thenThrows(ValidationError, { pointer: '/data/relationships/actingAsOrganization/data/id' });
  });

  it('records impersonation on the impersonated user, never of oneself', () => {
    spec
      .given([registered])
      .when(cmd('StartImpersonation', { id, impersonatorId: admin }))
      .then([{ type: 'UserImpersonationStarted', data: { id, impersonatorId: admin } }]);
    spec
      .given([registered])
      .when(cmd('StartImpersonation', { id, impersonatorId: id }))
      .thenThrows(ValidationError);
    spec
      .given([registered])
      .when(cmd('StopImpersonation', { id, impersonatorId: admin }))
      .then([{ type: 'UserImpersonationStopped', data: { id, impersonatorId: admin } }]);
  });
});
