import type { UserEvent } from '@platform/contracts/accounts/events';
import { specMetadata } from './decider-spec.ts';
import type { UserCommand } from '@platform/command-api/accounts/commands';

/** Events and commands shared by the user decider specs. */
export const metadata = specMetadata();
export const id = '0b000000-0000-4000-8000-00000000000b';
export const org = '0c000000-0000-4000-8000-00000000000c';
export const org2 = '0c000000-0000-4000-8000-00000000000d';
export const request = '0d000000-0000-4000-8000-00000000000d';
export const admin = '0e000000-0000-4000-8000-00000000000e';
export const hash = (c: string) => c.repeat(64);
export const cmd = <T extends UserCommand['type']>(
  type: T,
  data: Extract<UserCommand, { type: T }>['data'],
) => ({ type, data, metadata }) as UserCommand;

export const registered: UserEvent = {
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
export const register = (emailVerified: boolean) =>
  cmd('RegisterUser', { ...registered.data, emailVerified } as never);
export const verified: UserEvent = { type: 'UserEmailVerified', data: { id, email: 'ada@example.org' } };
export const joined = (organizationId: string): UserEvent => ({
  type: 'UserJoinedOrganization',
  data: { id, organizationId },
});
export const totpEnrolled: UserEvent = {
  type: 'UserTwoFactorEnrolmentStarted',
  data: { id, strategy: 'totp', secret: 'JBSWY3DPEHPK3PXPJBSWY3DP' },
};
export const codes = [hash('a'), hash('b'), hash('c'), hash('d')];
export const totpOn: UserEvent = {
  type: 'UserTwoFactorEnabled',
  data: { id, strategy: 'totp', recoveryCodeHashes: codes },
};
export const requested: UserEvent = {
  type: 'UserValidationRequested',
  data: { id, requestId: request, description: 'I run a fab lab', attachedOrganizationId: null },
};
