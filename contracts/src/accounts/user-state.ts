import type { Role } from '../enums.ts';
import type { AccessLevel, Locale } from '../enums.ts';
import type { NotificationPreferences, UserEvent, UserProfile } from './events.ts';
import type { TwoFactorStrategy, ValidationRequestStatus } from './reference.ts';

export interface ActiveUser {
  status: 'active';
  id: string;
  email: string;
  emailVerified: boolean;
  passwordHash: string | null;
  profile: UserProfile;
  secondaryEmails: string[];
  notificationPreferences: NotificationPreferences;
  locale: Locale;
  editionLocale: Locale;
  timezone: string;
  twoFactor: { strategy: TwoFactorStrategy; recoveryCodeHashes: string[] } | null;
  /** the TOTP secret while enrolling, and once enabled */
  totpSecret: string | null;
  /** the last TOTP step accepted at sign-in: a code of that step or an earlier one is a replay */
  lastTotpTimeStep: number | null;
  roles: Role[];
  accessLevel: AccessLevel | null;
  validated: boolean;
  validationRequests: Record<string, ValidationRequestStatus>;
  organizations: string[];
  actingAsOrganizationId: string | null;
  impersonatedBy: string | null;
}

export type UserState = { status: 'none' } | ActiveUser;

export const initialUserState = (): UserState => ({ status: 'none' });

const emptyProfile = (firstName: string, lastName: string): UserProfile => ({
  firstName,
  lastName,
  phone: null,
  description: null,
  organizationName: null,
  avatarUrl: null,
  jobId: null,
  jobOther: null,
  userCategoryId: null,
  newsletterFrequencyId: null,
  rentalInvoicingStrategyId: null,
});

function registered(data: Extract<UserEvent, { type: 'UserRegistered' }>['data']): ActiveUser {
  return {
    status: 'active',
    id: data.id,
    email: data.email,
    emailVerified: false,
    passwordHash: data.passwordHash,
    profile: emptyProfile(data.firstName, data.lastName),
    secondaryEmails: [],
    notificationPreferences: {},
    locale: data.locale,
    editionLocale: data.locale,
    timezone: data.timezone,
    twoFactor: null,
    totpSecret: null,
    lastTotpTimeStep: null,
    roles: [],
    accessLevel: null,
    validated: false,
    validationRequests: {},
    organizations: [],
    actingAsOrganizationId: null,
    impersonatedBy: null,
  };
}

/** Folds one user event; events of an unknown user leave the state alone (they cannot be decided). */
export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') return registered(event.data);
  if (state.status === 'none') return state;
  const s = state;
  switch (event.type) {
    case 'UserEmailVerified':
      return event.data.email === s.email ? { ...s, emailVerified: true } : s;
    case 'UserEmailChanged':
      return { ...s, email: event.data.email, emailVerified: false };
    case 'UserProfileUpdated': {
      const { id: _id, ...profile } = event.data;
      return { ...s, profile };
    }
    case 'UserSecondaryEmailsChanged':
      return { ...s, secondaryEmails: event.data.emails };
    case 'UserNotificationPreferencesChanged':
      return { ...s, notificationPreferences: event.data.preferences };
    case 'UserLocalesChanged':
      return {
        ...s,
        locale: event.data.locale,
        editionLocale: event.data.editionLocale,
        timezone: event.data.timezone,
      };
    case 'UserPasswordChanged':
      return { ...s, passwordHash: event.data.passwordHash };
    case 'UserTwoFactorEnrolmentStarted':
      return { ...s, totpSecret: event.data.secret };
    case 'UserTwoFactorEnabled':
      return {
        ...s,
        twoFactor: { strategy: event.data.strategy, recoveryCodeHashes: event.data.recoveryCodeHashes },
        totpSecret: event.data.strategy === 'totp' ? s.totpSecret : null,
      };
    case 'UserTwoFactorDisabled':
      return { ...s, twoFactor: null, totpSecret: null, lastTotpTimeStep: null };
    case 'UserRecoveryCodeUsed':
      return s.twoFactor
        ? {
            ...s,
            twoFactor: {
              ...s.twoFactor,
              recoveryCodeHashes: s.twoFactor.recoveryCodeHashes.filter((h) => h !== event.data.codeHash),
            },
          }
        : s;
    case 'UserRoleGranted':
      return s.roles.includes(event.data.role) ? s : { ...s, roles: [...s.roles, event.data.role] };
    case 'UserRoleRevoked':
      return { ...s, roles: s.roles.filter((r) => r !== event.data.role) };
    case 'UserAccessLevelSet':
      return { ...s, accessLevel: event.data.accessLevel };
    case 'UserValidationRequested':
      return { ...s, validationRequests: { ...s.validationRequests, [event.data.requestId]: 'pending' } };
    case 'UserValidationRequestAccepted':
      return { ...s, validationRequests: { ...s.validationRequests, [event.data.requestId]: 'accepted' } };
    case 'UserValidationRequestRefused':
      return { ...s, validationRequests: { ...s.validationRequests, [event.data.requestId]: 'refused' } };
    case 'UserValidated':
      return { ...s, validated: true };
    case 'UserJoinedOrganization':
      return s.organizations.includes(event.data.organizationId)
        ? s
        : { ...s, organizations: [...s.organizations, event.data.organizationId] };
    case 'UserLeftOrganization':
      return {
        ...s,
        organizations: s.organizations.filter((o) => o !== event.data.organizationId),
        actingAsOrganizationId:
          s.actingAsOrganizationId === event.data.organizationId ? null : s.actingAsOrganizationId,
      };
    case 'UserActingAsOrganizationSwitched':
      return { ...s, actingAsOrganizationId: event.data.organizationId };
    case 'UserSignedIn':
      return event.data.totpTimeStep === null ? s : { ...s, lastTotpTimeStep: event.data.totpTimeStep };
    case 'UserSignedOut':
      return s;
    case 'UserImpersonationStarted':
      return { ...s, impersonatedBy: event.data.impersonatorId };
    case 'UserImpersonationStopped':
      return { ...s, impersonatedBy: null };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
