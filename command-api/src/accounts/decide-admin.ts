import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { UserEvent } from '@platform/contracts/accounts/events';
import type {
  DecideValidationRequest,
  JoinOrganization,
  LeaveOrganization,
  RequestValidation,
  SetRoles,
  SetUserAccessLevel,
  SwitchActingOrganization,
  ValidateUser,
} from './commands.ts';
import { active } from './decide-account.ts';
import type { UserState } from '@platform/contracts/accounts/user-state';

/** The roles become exactly the given list: one event per role granted or revoked. */
export function setRoles(command: SetRoles, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  const { id, roles } = command.data;
  if (new Set(roles).size !== roles.length) {
    throw ValidationError.at('/data', 'a role is listed twice');
  }
  return [
    ...user.roles
      .filter((r) => !roles.includes(r))
      .map((role): UserEvent => ({ type: 'UserRoleRevoked', data: { id, role } })),
    ...roles
      .filter((r) => !user.roles.includes(r))
      .map((role): UserEvent => ({ type: 'UserRoleGranted', data: { id, role } })),
  ];
}

export function setAccessLevel(command: SetUserAccessLevel, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  return user.accessLevel === command.data.accessLevel
    ? []
    : [{ type: 'UserAccessLevelSet', data: command.data }];
}

/** One pending request at a time, and none once validated. */
export function requestValidation(command: RequestValidation, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  if (user.validated) throw new ConflictError('conflict.state', 'this account is already validated');
  if (Object.values(user.validationRequests).includes('pending')) {
    throw new ConflictError('conflict.state', 'a validation request is already pending');
  }
  if (user.validationRequests[command.data.requestId] !== undefined) {
    throw new ConflictError('conflict.duplicate_id', 'this validation request already exists', '/data/id');
  }
  return [{ type: 'UserValidationRequested', data: command.data }];
}

/** pending -> accepted (the user becomes validated) or pending -> refused; a decided request stays decided. */
export function decideValidationRequest(command: DecideValidationRequest, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  const { id, requestId, decision, reason } = command.data;
  const status = user.validationRequests[requestId];
  if (status === undefined) throw new NotFoundError(`validation request ${requestId} not found`);
  if (status !== 'pending') {
    throw new ConflictError(
      'conflict.state',
      `this validation request was already ${status}`,
      '/data/attributes/status',
    );
  }
  if (decision === 'refused')
    return [{ type: 'UserValidationRequestRefused', data: { id, requestId, reason } }];
  const events: UserEvent[] = [{ type: 'UserValidationRequestAccepted', data: { id, requestId } }];
  if (!user.validated) events.push({ type: 'UserValidated', data: { id } });
  return events;
}

export function validateUser(command: ValidateUser, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  return user.validated ? [] : [{ type: 'UserValidated', data: command.data }];
}

export function joinOrganization(command: JoinOrganization, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  return user.organizations.includes(command.data.organizationId)
    ? []
    : [{ type: 'UserJoinedOrganization', data: command.data }];
}

export function leaveOrganization(command: LeaveOrganization, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  return user.organizations.includes(command.data.organizationId)
    ? [{ type: 'UserLeftOrganization', data: command.data }]
    : [];
}

/** A user acts only on behalf of an organization they belong to (null: on their own behalf). */
export function switchActingOrganization(command: SwitchActingOrganization, state: UserState): UserEvent[] {
  const user = active(state, command.data.id);
  const { organizationId } = command.data;
  if (organizationId !== null && !user.organizations.includes(organizationId)) {
    throw ValidationError.at(
      '/data/relationships/actingAsOrganization/data/id',
      'you can only act on behalf of one of your organizations',
    );
  }
  return user.actingAsOrganizationId === organizationId
    ? []
    : [{ type: 'UserActingAsOrganizationSwitched', data: command.data }];
}
