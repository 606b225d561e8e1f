import type { UserEvent } from '@platform/contracts/accounts/events';
import type { Decider } from '../decider.ts';
import type { UserCommand } from './commands.ts';
import * as account from './decide-account.ts';
import * as admin from './decide-admin.ts';
import { evolveUser, initialUserState, type UserState } from '@platform/contracts/accounts/user-state';

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return account.registerUser(command, state);
    case 'VerifyEmail':
      return account.verifyEmail(command, state);
    case 'ChangeEmail':
      return account.changeEmail(command, state);
    case 'UpdateProfile':
      return account.updateProfile(command, state);
    case 'ChangePassword':
      return account.changePassword(command, state);
    case 'StartTwoFactorEnrolment':
      return account.startTwoFactorEnrolment(command, state);
    case 'EnableTwoFactor':
      return account.enableTwoFactor(command, state);
    case 'DisableTwoFactor':
      return account.disableTwoFactor(command, state);
    case 'SignIn':
      return account.signIn(command, state);
    case 'SignOut':
      return account.signOut(command, state);
    case 'StartImpersonation':
      return account.startImpersonation(command, state);
    case 'StopImpersonation':
      return account.stopImpersonation(command, state);
    case 'SetRoles':
      return admin.setRoles(command, state);
    case 'SetUserAccessLevel':
      return admin.setAccessLevel(command, state);
    case 'RequestValidation':
      return admin.requestValidation(command, state);
    case 'DecideValidationRequest':
      return admin.decideValidationRequest(command, state);
    case 'ValidateUser':
      return admin.validateUser(command, state);
    case 'JoinOrganization':
      return admin.joinOrganization(command, state);
    case 'LeaveOrganization':
      return admin.leaveOrganization(command, state);
    case 'SwitchActingOrganization':
      return admin.switchActingOrganization(command, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
