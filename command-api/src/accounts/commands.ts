import type { AccessLevel, Locale, Role } from '@platform/contracts/enums';
import type { NotificationPreferences, UserProfile } from '@platform/contracts/accounts/events';
import type { TwoFactorStrategy } from '@platform/contracts/accounts/reference';
import type { Command } from '../decider.ts';

/** Commands on a `user-<uuid>` stream. Hashes, secrets, ids and time arrive decided: the decider stays pure. */
export type RegisterUser = Command<
  'RegisterUser',
  {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    locale: Locale;
    timezone: string;
    passwordHash: string | null;
    origin: 'register' | 'admin';
    /** an administrator may open an account whose address is already known to be right */
    emailVerified: boolean;
  }
>;
export type VerifyEmail = Command<'VerifyEmail', { id: string; email: string }>;
export type ChangeEmail = Command<'ChangeEmail', { id: string; email: string }>;
export type UpdateProfile = Command<
  'UpdateProfile',
  {
    id: string;
    profile?: Partial<UserProfile>;
    secondaryEmails?: string[];
    notificationPreferences?: NotificationPreferences;
    locale?: Locale;
    editionLocale?: Locale;
    timezone?: string;
  }
>;
export type ChangePassword = Command<
  'ChangePassword',
  { id: string; passwordHash: string; reason: 'set' | 'changed' | 'reset' }
>;
export type StartTwoFactorEnrolment = Command<'StartTwoFactorEnrolment', { id: string; secret: string }>;
export type EnableTwoFactor = Command<
  'EnableTwoFactor',
  { id: string; strategy: TwoFactorStrategy; recoveryCodeHashes: string[] }
>;
export type DisableTwoFactor = Command<'DisableTwoFactor', { id: string }>;
export type SignIn = Command<
  'SignIn',
  {
    id: string;
    method: 'password' | 'totp' | 'recovery_code' | 'email_code';
    /** the step of the TOTP code the route verified */
    totpTimeStep: number | null;
    /** sha-256 of the recovery code typed */
    recoveryCodeHash: string | null;
  }
>;
export type SignOut = Command<'SignOut', { id: string }>;
export type SetRoles = Command<'SetRoles', { id: string; roles: Role[] }>;
export type SetUserAccessLevel = Command<
  'SetUserAccessLevel',
  { id: string; accessLevel: AccessLevel | null }
>;
export type RequestValidation = Command<
  'RequestValidation',
  { id: string; requestId: string; description: string; attachedOrganizationId: string | null }
>;
export type DecideValidationRequest = Command<
  'DecideValidationRequest',
  { id: string; requestId: string; decision: 'accepted' | 'refused'; reason: string | null }
>;
export type ValidateUser = Command<'ValidateUser', { id: string }>;
export type JoinOrganization = Command<'JoinOrganization', { id: string; organizationId: string }>;
export type LeaveOrganization = Command<'LeaveOrganization', { id: string; organizationId: string }>;
export type SwitchActingOrganization = Command<
  'SwitchActingOrganization',
  { id: string; organizationId: string | null }
>;
export type StartImpersonation = Command<'StartImpersonation', { id: string; impersonatorId: string }>;
export type StopImpersonation = Command<'StopImpersonation', { id: string; impersonatorId: string }>;

export type UserCommand =
  | RegisterUser
  | VerifyEmail
  | ChangeEmail
  | UpdateProfile
  | ChangePassword
  | StartTwoFactorEnrolment
  | EnableTwoFactor
  | DisableTwoFactor
  | SignIn
  | SignOut
  | SetRoles
  | SetUserAccessLevel
  | RequestValidation
  | DecideValidationRequest
  | ValidateUser
  | JoinOrganization
  | LeaveOrganization
  | SwitchActingOrganization
  | StartImpersonation
  | StopImpersonation;
