import type { Response } from 'express';
import { ACCESS_LEVEL_WEIGHTS, ROLES, type Role } from '@platform/contracts/enums';
import { ForbiddenError, UnauthenticatedError } from '@platform/contracts/errors';
import { allows, type AccessRule, type LevelSettings } from '@platform/contracts/resources/access';
import { SYSTEM_USER_ID, type Actor } from '@platform/contracts/metadata';

/**
 * Who is reading. Shared by both sides: the command side authorizes with it, the query side filters
 * rows by it in SQL (query-api/src/visibility.ts).
 */
export interface Viewer {
  userId: string | null;
  roles: Role[];
  /** the effective access level weight (0 for anonymous callers) */
  accessWeight: number;
  isAdmin: boolean;
  /** the organization the signed-in user acts on behalf of (accounts sessions); absent for API tokens */
  actingAsOrganizationId?: string | null;
  /** the administrator behind an impersonation, when the session is one */
  impersonatorId?: string | null;
  /**
   * the app environment's access-level settings as the request found them (a signed-in member's session loads
   * them): what `{ setting }` rules read, such as the open badge issuers' threshold
   */
  environment?: LevelSettings;
}

export const anonymousViewer: Viewer = Object.freeze({
  userId: null,
  roles: [],
  accessWeight: 0,
  isAdmin: false,
}) as Viewer;

/** The bootstrap admin (API token) may do and see everything, as the system user. */
export const bootstrapAdminViewer: Viewer = Object.freeze({
  userId: SYSTEM_USER_ID,
  roles: [...ROLES],
  accessWeight: Math.max(...Object.values(ACCESS_LEVEL_WEIGHTS)),
  isAdmin: true,
}) as Viewer;

/** The viewer the auth middleware put on the response (anonymous when it did not run). */
export function viewerOf(res: Response): Viewer {
  return (res.locals.viewer as Viewer | undefined) ?? anonymousViewer;
}

/** The authenticated actor, or null for an anonymous caller. */
export function actorOf(res: Response): Actor | null {
  return (res.locals.actor as Actor | null | undefined) ?? null;
}

/** Refuses a caller the rule does not allow: 401 when nobody is signed in, 403 otherwise. */
export function requireAllowed(res: Response, rule: AccessRule, what: string): void {
  const viewer = viewerOf(res);
  if (allows(rule, viewer)) return;
  if (viewer.userId === null) throw new UnauthenticatedError();
  throw new ForbiddenError(`${what} is not allowed`);
}
