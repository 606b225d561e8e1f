import { z } from 'zod/v4';
import { LOCALES, ROLES } from '../enums.ts';
import { defineEvent, type EventContract, type EventOf } from '../event-contracts.ts';
import { AccessLevelSchema } from '../access-level.ts';
import { RecordIdSchema } from '../resources/record-id.ts';
import { NEWSLETTER_FREQUENCY_IDS, NOTIFICATION_KINDS, RENTAL_INVOICING_STRATEGY_IDS } from './reference.ts';

export const userStreamId = (id: string) => `user-${id}`;

const id = z.string().uuid();
const email = z.string().min(3).max(254);
const locale = z.enum(LOCALES);
const name = z.string().trim().min(1).max(255);

/** What a user edits on their profile (seed 000 §3 user). Events carry all of it after a change. */
export const UserProfileSchema = z.object({
  firstName: name,
  lastName: name,
  phone: z.string().trim().max(40).nullable(),
  description: z.string().max(5000).nullable(),
  organizationName: z.string().trim().max(255).nullable(),
  avatarUrl: z.string().url().max(2048).nullable(),
  /** a job (contracts/src/accounts/reference-lists.ts): a fixed row's key such as 'other', or a uuid */
  jobId: RecordIdSchema.nullable(),
  jobOther: z.string().trim().max(255).nullable(),
  userCategoryId: RecordIdSchema.nullable(),
  newsletterFrequencyId: z.enum(NEWSLETTER_FREQUENCY_IDS).nullable(),
  rentalInvoicingStrategyId: z.enum(RENTAL_INVOICING_STRATEGY_IDS).nullable(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const NotificationPreferencesSchema = z
  .partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean())
  .refine((v) => Object.keys(v).length <= NOTIFICATION_KINDS.length);
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const UserRegistered = defineEvent(
  'UserRegistered',
  z.object({
    id,
    email,
    firstName: name,
    lastName: name,
    locale,
    timezone: z.string().min(1).max(64),
    /** argon2id PHC string; null for an account created without a password (it sets one by reset) */
    passwordHash: z.string().nullable(),
    /** who opened the account: the person (register) or an administrator */
    origin: z.enum(['register', 'admin']),
  }),
);
export const UserEmailVerified = defineEvent('UserEmailVerified', z.object({ id, email }));
export const UserEmailChanged = defineEvent(
  'UserEmailChanged',
  z.object({ id, email, previousEmail: email }),
);
export const UserProfileUpdated = defineEvent('UserProfileUpdated', UserProfileSchema.extend({ id }));
export const UserSecondaryEmailsChanged = defineEvent(
  'UserSecondaryEmailsChanged',
  z.object({ id, emails: z.array(email).max(50) }),
);
export const UserNotificationPreferencesChanged = defineEvent(
  'UserNotificationPreferencesChanged',
  z.object({ id, preferences: NotificationPreferencesSchema }),
);
export const UserLocalesChanged = defineEvent(
  'UserLocalesChanged',
  z.object({ id, locale, editionLocale: locale, timezone: z.string().min(1).max(64) }),
);
export const UserPasswordChanged = defineEvent(
  'UserPasswordChanged',
  z.object({ id, passwordHash: z.string(), reason: z.enum(['set', 'changed', 'reset']) }),
);
/** TOTP enrolment begun: the secret is kept until a first valid code confirms it. */
export const UserTwoFactorEnrolmentStarted = defineEvent(
  'UserTwoFactorEnrolmentStarted',
  z.object({ id, strategy: z.literal('totp'), secret: z.string().min(16).max(128) }),
);
export const UserTwoFactorEnabled = defineEvent(
  'UserTwoFactorEnabled',
  z.object({
    id,
    strategy: z.enum(['totp', 'email']),
    /** sha-256 of each recovery code (random, high-entropy: a slow hash adds nothing) */
    recoveryCodeHashes: z.array(z.string().regex(/^[0-9a-f]{64}$/)).max(16),
  }),
);
export const UserTwoFactorDisabled = defineEvent('UserTwoFactorDisabled', z.object({ id }));
export const UserRecoveryCodeUsed = defineEvent(
  'UserRecoveryCodeUsed',
  z.object({ id, codeHash: z.string().regex(/^[0-9a-f]{64}$/) }),
);
export const UserRoleGranted = defineEvent('UserRoleGranted', z.object({ id, role: z.enum(ROLES) }));
export const UserRoleRevoked = defineEvent('UserRoleRevoked', z.object({ id, role: z.enum(ROLES) }));
export const UserAccessLevelSet = defineEvent(
  'UserAccessLevelSet',
  z.object({ id, accessLevel: AccessLevelSchema.nullable() }),
);
export const UserValidationRequested = defineEvent(
  'UserValidationRequested',
  z.object({
    id,
    requestId: id,
    description: z.string().trim().min(1).max(5000),
    attachedOrganizationId: id.nullable(),
  }),
);
export const UserValidationRequestAccepted = defineEvent(
  'UserValidationRequestAccepted',
  z.object({ id, requestId: id }),
);
export const UserValidationRequestRefused = defineEvent(
  'UserValidationRequestRefused',
  z.object({ id, requestId: id, reason: z.string().trim().max(2000).nullable() }),
);
/** validatedAt is this event's recordedAt */
export const UserValidated = defineEvent('UserValidated', z.object({ id }));
export const UserJoinedOrganization = defineEvent(
  'UserJoinedOrganization',
  z.object({ id, organizationId: id }),
);
export const UserLeftOrganization = defineEvent('UserLeftOrganization', z.object({ id, organizationId: id }));
export const UserActingAsOrganizationSwitched = defineEvent(
  'UserActingAsOrganizationSwitched',
  z.object({ id, organizationId: id.nullable() }),
);
/** lastLoginAt is this event's recordedAt; totpTimeStep is the accepted TOTP step (a replay is refused) */
export const UserSignedIn = defineEvent(
  'UserSignedIn',
  z.object({
    id,
    method: z.enum(['password', 'totp', 'recovery_code', 'email_code']),
    totpTimeStep: z.number().int().nonnegative().nullable(),
  }),
);
export const UserSignedOut = defineEvent('UserSignedOut', z.object({ id }));
export const UserImpersonationStarted = defineEvent(
  'UserImpersonationStarted',
  z.object({ id, impersonatorId: id }),
);
export const UserImpersonationStopped = defineEvent(
  'UserImpersonationStopped',
  z.object({ id, impersonatorId: id }),
);

const contracts = {
  UserRegistered,
  UserEmailVerified,
  UserEmailChanged,
  UserProfileUpdated,
  UserSecondaryEmailsChanged,
  UserNotificationPreferencesChanged,
  UserLocalesChanged,
  UserPasswordChanged,
  UserTwoFactorEnrolmentStarted,
  UserTwoFactorEnabled,
  UserTwoFactorDisabled,
  UserRecoveryCodeUsed,
  UserRoleGranted,
  UserRoleRevoked,
  UserAccessLevelSet,
  UserValidationRequested,
  UserValidationRequestAccepted,
  UserValidationRequestRefused,
  UserValidated,
  UserJoinedOrganization,
  UserLeftOrganization,
  UserActingAsOrganizationSwitched,
  UserSignedIn,
  UserSignedOut,
  UserImpersonationStarted,
  UserImpersonationStopped,
};

export type UserEvent = {
  [K in keyof typeof contracts]: EventOf<(typeof contracts)[K]>;
}[keyof typeof contracts];
export type UserEventType = UserEvent['type'];
export type UserEventData<T extends UserEventType> = Extract<UserEvent, { type: T }>['data'];

export const userEventContracts: EventContract[] = Object.values(contracts);
export const USER_EVENT_TYPES = Object.keys(contracts) as UserEventType[];
