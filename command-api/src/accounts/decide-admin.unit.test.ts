import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { UserEvent } from '@platform/contracts/accounts/events';
import { deciderSpec } from '@platform/tests/support/decider-spec';
import { userDecider } from './decide.ts';
import {
  id,
  org,
  org2,
  request,
  admin,
  cmd,
  registered,
  joined,
  requested,
} from '@platform/tests/support/accounts-spec-fixtures';

const spec = deciderSpec(userDecider);

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
      .then([]);
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
      .then([]);
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
      .then([]);
  });

  it('joins and leaves organizations; leaving the acting one acts on no one', () => {
    spec
      .given([registered])
      .when(cmd('JoinOrganization', { id, organizationId: org }))
      .then([joined(org)]);
    spec
      .given([registered, joined(org)])
      .when(cmd('JoinOrganization', { id, organizationId: org }))
      .then([]);
    spec
      .given([registered])
      .when(cmd('LeaveOrganization', { id, organizationId: org }))
      .then([]);
    const switched: UserEvent = {
      type: 'UserActingAsOrganizationSwitched',
      data: { id, organizationId: org },
    };
    const left: UserEvent = { type: 'UserLeftOrganization', data: { id, organizationId: org } };
    spec
      .given([registered, joined(org), switched, left])
      .when(cmd('SwitchActingOrganization', { id, organizationId: null }))
      .then([]);
  });

  it('acts only on behalf of an organization the user belongs to', () => {
    spec
      .given([registered, joined(org)])
      .when(cmd('SwitchActingOrganization', { id, organizationId: org }))
      .then([{ type: 'UserActingAsOrganizationSwitched', data: { id, organizationId: org } }]);
    spec
      .given([registered, joined(org)])
      .when(cmd('SwitchActingOrganization', { id, organizationId: org2 }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/relationships/actingAsOrganization/data/id' })],
      });
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
