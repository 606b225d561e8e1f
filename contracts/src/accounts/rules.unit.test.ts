import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../enums.ts';
import { SYSTEM_USER_ID } from '../metadata.ts';
import type { ViewerFacts } from '../resources/access.ts';
import { editsContent, hasAdministratorRole, isAdministrator } from './rules.ts';

/** A signed-in viewer as the server's viewer loader builds it: `isAdmin` read from the roles. */
const signedIn = (roles: Role[]): ViewerFacts => ({
  userId: 'u-1',
  roles,
  accessWeight: 300,
  isAdmin: hasAdministratorRole(roles),
});

const anonymous: ViewerFacts = { userId: null, roles: [], accessWeight: 0, isAdmin: false };
const member = signedIn(['contributor']);
const appAdmin = signedIn(['app_admin']);
const admin = signedIn(['admin']);
/** The bootstrap API token (infra's bootstrapAdminViewer): every role and isAdmin, as the system user. */
const bootstrapToken: ViewerFacts = {
  userId: SYSTEM_USER_ID,
  roles: [...ROLES],
  accessWeight: 1000,
  isAdmin: true,
};

describe('who is an administrator', () => {
  it('is a holder of the admin role, or the bootstrap token', () => {
    expect(isAdministrator(admin)).toBe(true);
    expect(isAdministrator(signedIn(['contributor', 'admin']))).toBe(true);
    expect(isAdministrator(bootstrapToken)).toBe(true);
  });

  it('is nobody else: anonymous callers, members, application administrators', () => {
    expect(isAdministrator(anonymous)).toBe(false);
    expect(isAdministrator(member)).toBe(false);
    expect(isAdministrator(appAdmin)).toBe(false);
    expect(isAdministrator(signedIn(['organization_admin', 'rental_admin']))).toBe(false);
  });

  it('reads the admin role only', () => {
    expect(ROLES.filter((role) => hasAdministratorRole([role]))).toEqual(['admin']);
    expect(hasAdministratorRole([])).toBe(false);
  });
});

describe('who edits content', () => {
  it('is an application administrator, an administrator, or the bootstrap token', () => {
    expect(editsContent(appAdmin)).toBe(true);
    expect(editsContent(admin)).toBe(true);
    expect(editsContent(bootstrapToken)).toBe(true);
  });

  it('is nobody else: anonymous callers and members without either role', () => {
    expect(editsContent(anonymous)).toBe(false);
    expect(editsContent(member)).toBe(false);
    expect(editsContent(signedIn(['organization_admin', 'contributor']))).toBe(false);
  });
});
