import { ConflictError, DomainError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { MAX_SECONDARY_EMAILS } from '@platform/contracts/accounts/emails';
import type { UserEvent } from '@platform/contracts/accounts/events';
import type {
  ChangeEmail,
  ChangePassword,
  DisableTwoFactor,
  EnableTwoFactor,
  RegisterUser,
  SignIn,
  SignOut,
  StartImpersonation,
  StartTwoFactorEnrolment,
  StopImpersonation,
  UpdateProfile,
  VerifyEmail,
} from './commands.ts';
import type { ActiveUser, UserState } from '@platform/contracts/accounts/user-state';

/** A command on a user that does not exist is a 404 (the id came from a URL or a claim). */
export function active(state: UserState, id: string): ActiveUser {
  if (state.status !== 'active') throw new NotFoundError(`user ${id} not found`);
  return state;
}

export function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  const { emailVerified, ...data } = command.data;
  if (state.status !== 'none') {
    throw new ConflictError('conflict.duplicate_id', `user ${data.id} already exists`, '/data/id');
  }
  const events: UserEvent[] = [{ type: 'UserRegistered', data }];
  if (emailVerified) events.push({ type: 'UserEmailVerified', data: { id: data.id, email: data.email } });
  return events;
}

/** A link sent to an address the user has since replaced verifies nothing. Verifying twice changes nothing. */
export function verifyEmail(command: VerifyEmail, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  if (user.email !== command.data.email) {
    throw new DomainError('auth.link_invalid', 'This link was sent to an address the account no longer uses');
  }
  return user.emailVerified ? [] : [{ type: 'UserEmailVerified', data: command.data }];
}

export function changeEmail(command: ChangeEmail, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  if (user.email === command.data.email) return [];
  return [{ type: 'UserEmailChanged', data: { ...command.data, previousEmail: user.email } }];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Each part of the profile that changed is one event; saving an unchanged form appends nothing. */
export function updateProfile(command: UpdateProfile, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  const { id, profile, secondaryEmails, notificationPreferences } = command.data;
  const events: UserEvent[] = [];
  if (profile) {
    const next = { ...user.profile, ...profile };
    if (next.jobId !== 'other' && next.jobOther !== null && profile.jobOther !== undefined) {
      throw ValidationError.at('/data/attributes/jobOther', 'jobOther applies only when the job is "other"');
    }
    if (next.jobId !== 'other') next.jobOther = null;
    if (!sameJson(next, user.profile)) events.push({ type: 'UserProfileUpdated', data: { id, ...next } });
  }
  if (secondaryEmails !== undefined) {
    if (secondaryEmails.length > MAX_SECONDARY_EMAILS) {
      throw ValidationError.at(
        '/data/attributes/secondaryEmailsString',
        `at most ${MAX_SECONDARY_EMAILS} secondary e-mail addresses`,
      );
    }
    if (secondaryEmails.includes(user.email)) {
      throw ValidationError.at(
        '/data/attributes/secondaryEmailsString',
        'the main e-mail address cannot also be a secondary one',
      );
    }
    if (!sameJson(secondaryEmails, user.secondaryEmails)) {
      events.push({ type: 'UserSecondaryEmailsChanged', data: { id, emails: secondaryEmails } });
    }
  }
  if (notificationPreferences !== undefined) {
    const next = { ...user.notificationPreferences, ...notificationPreferences };
    if (!sameJson(next, user.notificationPreferences)) {
      events.push({ type: 'UserNotificationPreferencesChanged', data: { id, preferences: next } });
    }
  }
  const locale = command.data.locale ?? user.locale;
  const editionLocale = command.data.editionLocale ?? user.editionLocale;
  const timezone = command.data.timezone ?? user.timezone;
  if (locale !== user.locale || editionLocale !== user.editionLocale || timezone !== user.timezone) {
    events.push({ type: 'UserLocalesChanged', data: { id, locale, editionLocale, timezone } });
  }
  return events;
}

export function changePassword(command: ChangePassword, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  if (command.data.reason === 'changed' && user.passwordHash === null) {
    throw ValidationError.at('/data/attributes/oldPassword', 'this account has no password yet: set one');
  }
  return [{ type: 'UserPasswordChanged', data: command.data }];
}

export function startTwoFactorEnrolment(command: StartTwoFactorEnrolment, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  if (user.twoFactor) throw new ConflictError('conflict.state', 'two-factor authentication is already on');
  return [{ type: 'UserTwoFactorEnrolmentStarted', data: { ...command.data, strategy: 'totp' } }];
}

/** TOTP is enabled only after enrolment (the route checked a first code against the enrolment secret). */
export function enableTwoFactor(command: EnableTwoFactor, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  if (user.twoFactor) throw new ConflictError('conflict.state', 'two-factor authentication is already on');
  if (command.data.strategy === 'totp' && user.totpSecret === null) {
    throw new ConflictError('conflict.state', 'start the authenticator enrolment first');
  }
  if (command.data.recoveryCodeHashes.length < 4) throw new Error('enableTwoFactor: too few recovery codes');
  return [{ type: 'UserTwoFactorEnabled', data: command.data }];
}

export function disableTwoFactor(command: DisableTwoFactor, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  return user.twoFactor || user.totpSecret ? [{ type: 'UserTwoFactorDisabled', data: command.data }] : [];
}

/**
 * Records a sign-in. A TOTP code is accepted once: its step must be later than the last step used (RFC 6238
 * §5.2), so a code seen over a shoulder or replayed from a log is refused. A recovery code is spent.
 */
export function signIn(command: SignIn, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  const { id, method, totpTimeStep, recoveryCodeHash } = command.data;
  const events: UserEvent[] = [];
  if (method === 'totp') {
    if (totpTimeStep === null) throw new Error('signIn: a TOTP sign-in needs its time step');
    if (user.lastTotpTimeStep !== null && totpTimeStep <= user.lastTotpTimeStep) {
      throw ValidationError.at(
        '/code',
        'This code was already used: wait for the next one',
        'validation.invalid_code',
      );
    }
  }
  if (method === 'recovery_code') {
    if (!recoveryCodeHash || !user.twoFactor?.recoveryCodeHashes.includes(recoveryCodeHash)) {
      throw ValidationError.at('/recoveryCode', 'This recovery code is not valid', 'validation.invalid_code');
    }
    events.push({ type: 'UserRecoveryCodeUsed', data: { id, codeHash: recoveryCodeHash } });
  }
  events.push({
    type: 'UserSignedIn',
    data: { id, method, totpTimeStep: method === 'totp' ? totpTimeStep : null },
  });
  return events;
}

export function signOut(command: SignOut, state: UserState): UserEvent[] {
  active(state, command.data.id);
  return [{ type: 'UserSignedOut', data: command.data }];
}

export function startImpersonation(command: StartImpersonation, state: UserState): UserEvent[] {
  active(state, command.data.id);
  if (command.data.id === command.data.impersonatorId) {
    throw ValidationError.at('/data/id', 'an administrator cannot impersonate themselves');
  }
  return [{ type: 'UserImpersonationStarted', data: command.data }];
}

export function stopImpersonation(command: StopImpersonation, state: UserState): UserEvent[] {
  active(state, command.data.id);
  return [{ type: 'UserImpersonationStopped', data: command.data }];
}
