import type { AccountFeatures, SessionUser } from './documents.ts';

/**
 * The navigation guard of seed 000 §2.10, as a pure function of the route's requirement and the session:
 * rule 2 (guest-only pages), 3 (unverified, not validated), 4 (anonymous on a protected page). Rule 5 (a page
 * the user may not access) is the server's answer on CMS pages; rule 6 is the prevent-leave guard
 * (app/router.tsx); rule 7 is landingPath below.
 */
export type Requirement =
  /** anyone */
  | 'public'
  /** only visitors who are not signed in (sign-in, register, forgot, reset, two-factor) */
  | 'guest'
  /** signed in, whatever the account state (e-mail verification, not-validated) */
  | 'auth'
  /** signed in with a verified e-mail address (open-badge trainings) */
  | 'verified'
  /** signed in, verified and validated (account and admin areas) */
  | 'validated';

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'authenticated'; user: SessionUser };

export type GuardDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

export const ROUTES = {
  signIn: '/auth/sign-in',
  register: '/auth/register',
  forgotPassword: '/auth/password/forgot',
  verifyEmail: '/auth/email/verify',
  notValidated: '/auth/not-validated',
  profile: '/account/profile',
  likes: '/account/profile/likes',
  /** the member's open badges (open badges feature) */
  openBadges: '/account/profile/open-badges',
  dashboard: '/admin/dashboard',
  notFound: '/errors/not-found',
  unauthorized: '/errors/unauthorized',
} as const;

/**
 * A redirect URL from a query string is followed only when it is a string naming a path of this site (seed
 * 000 §5 "a redirect URL is used only if it is a string"; and never '//host' or 'https://…', which would send
 * a signed-in user to another site).
 */
export function safeRedirectUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Rule 7: where a user lands after signing in when no redirect URL was given. */
export function landingPath(
  user: Pick<SessionUser, 'roles' | 'validated'>,
  features: Pick<AccountFeatures, 'validationRequests'>,
): string {
  if (user.roles.length > 0) return ROUTES.dashboard;
  if (features.validationRequests && user.validated) return ROUTES.dashboard;
  return ROUTES.profile;
}

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

export function guardNavigation(input: {
  requirement: Requirement;
  /** the visited path and its query string (without '?'), kept in the redirectUrl of rule 4 */
  path: string;
  search: string;
  session: SessionState;
  features: Pick<AccountFeatures, 'validationRequests'>;
}): GuardDecision {
  const { requirement, session } = input;
  if (requirement === 'public') return { kind: 'allow' };
  if (session.status === 'loading') return { kind: 'wait' };
  const user = session.user;

  if (requirement === 'guest') {
    if (!user) return { kind: 'allow' };
    const redirect = safeRedirectUrl(new URLSearchParams(input.search).get('redirectUrl'));
    return { kind: 'redirect', to: redirect ?? landingPath(user, input.features) };
  }

  if (!user) {
    const here = input.search ? `${input.path}?${input.search}` : input.path;
    return { kind: 'redirect', to: withQuery(ROUTES.signIn, { guarded: 'auth', redirectUrl: here }) };
  }
  if (requirement === 'auth') return { kind: 'allow' };
  if (!user.emailVerified) return { kind: 'redirect', to: ROUTES.verifyEmail };
  if (requirement === 'verified') return { kind: 'allow' };
  if (!user.validated)
    return { kind: 'redirect', to: withQuery(ROUTES.notValidated, { guarded: 'validated' }) };
  return { kind: 'allow' };
}
