import type { AccountFeatures, SessionUser } from '../session/documents.ts';
import { landingPath, ROUTES } from '../session/guard.ts';

/**
 * Who may use the dashboard (seed 000 §2.10 rule 7, §6): a user with at least one role, or, when the
 * validation-requests feature is on, a validated user. It is the same rule that makes the dashboard the
 * landing page after sign-in, so both read landingPath.
 */
export function canUseDashboard(
  user: Pick<SessionUser, 'roles' | 'validated'>,
  features: Pick<AccountFeatures, 'validationRequests'>,
): boolean {
  return landingPath(user, features) === ROUTES.dashboard;
}

/** Impersonation is offered for anyone but administrators (the server refuses them) and oneself. */
export function canImpersonate(
  viewer: Pick<SessionUser, 'id'>,
  target: { id: string; isAdmin: boolean },
  features: Pick<AccountFeatures, 'impersonate'>,
): boolean {
  return features.impersonate && target.id !== viewer.id && !target.isAdmin;
}

export const ADMIN_ROUTES = {
  dashboard: ROUTES.dashboard,
  validationRequests: '/admin/validation-requests',
  users: '/admin/users',
  mailbox: '/admin/dev/mailbox',
  /** the usage statistics' charts (features/stats) */
  stats: '/admin/stats',
  unauthorized: ROUTES.unauthorized,
  notFound: ROUTES.notFound,
  /** the generic back office of the resource catalogue (resources/resource-screen.tsx) */
  resources: '/admin/resources/:resource/:action?/:id?/:revision?',
} as const;
