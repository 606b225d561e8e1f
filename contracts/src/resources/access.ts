import type { Role } from '../enums.ts';

/** The actions of a resource (seed 001 §6); `see` opens its admin screens at all. */
export const RESOURCE_ACTIONS = [
  'see',
  'index',
  'show',
  'create',
  'update',
  'delete',
  'softDelete',
  'restore',
] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

/**
 * Who may take an action, as data rather than code, so that the server (which enforces it) and the web (which
 * hides what would be refused) evaluate the same rule.
 */
export type AccessRule =
  'everyone' | 'signedIn' | 'admin' | 'nobody' | { roles: readonly Role[] } | { minWeight: number };

/** What a rule looks at: the server's viewer and the web's session both have these. */
export interface ViewerFacts {
  userId: string | null;
  roles: readonly Role[];
  accessWeight: number;
  isAdmin: boolean;
}

export function allows(rule: AccessRule, viewer: ViewerFacts): boolean {
  if (rule === 'everyone') return true;
  if (rule === 'nobody') return false;
  if (rule === 'signedIn') return viewer.userId !== null;
  if (rule === 'admin') return viewer.isAdmin;
  if ('roles' in rule) return viewer.isAdmin || rule.roles.some((role) => viewer.roles.includes(role));
  return viewer.accessWeight >= rule.minWeight;
}

/** Administration by administrators and application administrators: the usual rule of the back office. */
export const APP_ADMINS: AccessRule = { roles: ['admin', 'app_admin'] };

/** Every action for the application administrators: the access of the back office's plain lists. */
export const APP_ADMINS_ONLY = {
  see: APP_ADMINS,
  index: APP_ADMINS,
  show: APP_ADMINS,
  create: APP_ADMINS,
  update: APP_ADMINS,
  delete: APP_ADMINS,
  softDelete: APP_ADMINS,
  restore: APP_ADMINS,
} as const satisfies Record<ResourceAction, AccessRule>;
