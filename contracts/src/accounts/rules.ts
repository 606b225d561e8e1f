import type { Role } from '../enums.ts';
import { allows, APP_ADMINS, type AccessRule, type ViewerFacts } from '../resources/access.ts';

/**
 * Who is an administrator, and who edits the site's content: one rule each, as access rules, so that the
 * command side, the query side and the web decide by the same data (seed 000 §6: admin checks always include
 * admin; the page edit button requires the app_admin role).
 */

/** The role that makes a user an administrator; the viewer's `isAdmin` fact is read from it. */
export const ADMINISTRATOR_ROLE = 'admin' satisfies Role;

/**
 * Administrators: a signed-in holder of the admin role, or the bootstrap API token (its viewer has `isAdmin`).
 * Accounts, validation requests, the dev mailbox, what only administrators see of a record.
 */
export const ADMINISTRATORS: AccessRule = 'admin';

/** Content editors: administrators and application administrators. Pages, the menu, redirections, settings. */
export const CONTENT_EDITORS: AccessRule = APP_ADMINS;

/** Whether these roles (a user's, a session's) make their holder an administrator. */
export function hasAdministratorRole(roles: readonly string[]): boolean {
  return roles.includes(ADMINISTRATOR_ROLE);
}

/** Whether the viewer is an administrator (the ADMINISTRATORS rule). */
export function isAdministrator(viewer: ViewerFacts): boolean {
  return allows(ADMINISTRATORS, viewer);
}

/** Whether the viewer edits the site's content (the CONTENT_EDITORS rule). */
export function editsContent(viewer: ViewerFacts): boolean {
  return allows(CONTENT_EDITORS, viewer);
}
