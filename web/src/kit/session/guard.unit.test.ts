import { describe, expect, it } from 'vitest';
import type { SessionUser } from './documents.ts';
import {
  guardNavigation,
  landingPath,
  safeRedirectUrl,
  type Requirement,
  type SessionState,
} from './guard.ts';

const user = (over: Partial<SessionUser> = {}): SessionUser => ({
  id: 'u1',
  version: '3',
  firstName: 'Ada',
  lastName: 'Lovelace',
  fullName: 'Ada Lovelace',
  email: 'ada@example.org',
  phone: null,
  description: null,
  organizationName: null,
  emailVerified: true,
  validated: true,
  roles: [],
  isAdmin: false,
  impersonating: false,
  accessLevel: 'member_level_1',
  effectiveAccessWeight: 300,
  organizations: [],
  actingAsOrganizationId: null,
  locale: 'en',
  editionLocale: 'en',
  timezone: 'Europe/Paris',
  twoFactorStrategy: null,
  hasPassword: true,
  secondaryEmailsString: '',
  notificationsPreferences: {},
  jobId: null,
  jobOther: null,
  userCategoryId: null,
  rentalInvoicingStrategyId: null,
  ...over,
});

const signedIn = (over: Partial<SessionUser> = {}): SessionState => ({
  status: 'authenticated',
  user: user(over),
});
const anonymous: SessionState = { status: 'anonymous', user: null };

function guard(requirement: Requirement, session: SessionState, path = '/account/profile', search = '') {
  return guardNavigation({ requirement, path, search, session, features: { validationRequests: false } });
}

describe('navigation guard (seed 000 §2.10)', () => {
  it('lets anyone through a public page, and waits while the session is loading elsewhere', () => {
    expect(guard('public', anonymous)).toEqual({ kind: 'allow' });
    expect(guard('auth', { status: 'loading', user: null })).toEqual({ kind: 'wait' });
  });

  it('rule 2: a signed-in user on a guest-only page goes to the redirect URL, else the landing', () => {
    expect(guard('guest', anonymous, '/auth/sign-in')).toEqual({ kind: 'allow' });
    expect(guard('guest', signedIn(), '/auth/sign-in', 'redirectUrl=%2Fabout%3Fa%3D1')).toEqual({
      kind: 'redirect',
      to: '/about?a=1',
    });
    expect(guard('guest', signedIn({ roles: ['contributor'] }), '/auth/sign-in')).toEqual({
      kind: 'redirect',
      to: '/admin/dashboard',
    });
    expect(guard('guest', signedIn(), '/auth/register')).toEqual({
      kind: 'redirect',
      to: '/account/profile',
    });
  });

  it('rule 2: a redirect URL leading off the site is not followed', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'about']) {
      expect(guard('guest', signedIn(), '/auth/sign-in', `redirectUrl=${encodeURIComponent(bad)}`)).toEqual({
        kind: 'redirect',
        to: '/account/profile',
      });
    }
  });

  it('rule 3: unverified users go to e-mail verification, unvalidated ones to not-validated', () => {
    expect(guard('validated', signedIn({ emailVerified: false, validated: false }))).toEqual({
      kind: 'redirect',
      to: '/auth/email/verify',
    });
    expect(guard('verified', signedIn({ emailVerified: false }))).toEqual({
      kind: 'redirect',
      to: '/auth/email/verify',
    });
    expect(guard('validated', signedIn({ validated: false }))).toEqual({
      kind: 'redirect',
      to: '/auth/not-validated?guarded=validated',
    });
    expect(guard('verified', signedIn({ validated: false }))).toEqual({ kind: 'allow' });
    expect(guard('auth', signedIn({ emailVerified: false, validated: false }))).toEqual({ kind: 'allow' });
  });

  it('rule 4: anonymous users on a protected page go to sign-in with guarded=auth and the redirect URL', () => {
    const decision = guard('validated', anonymous, '/account/profile', 'tab=security');
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/auth/sign-in?guarded=auth&redirectUrl=%2Faccount%2Fprofile%3Ftab%3Dsecurity',
    });
    expect(guard('auth', anonymous, '/auth/not-validated')).toMatchObject({ kind: 'redirect' });
  });

  it('rule 7: lands on the dashboard with a role, or validated when validation requests are on', () => {
    expect(landingPath(user({ roles: ['admin'] }), { validationRequests: false })).toBe('/admin/dashboard');
    expect(landingPath(user(), { validationRequests: false })).toBe('/account/profile');
    expect(landingPath(user(), { validationRequests: true })).toBe('/admin/dashboard');
    expect(landingPath(user({ validated: false }), { validationRequests: true })).toBe('/account/profile');
  });

  it('uses a redirect URL only when it is a string naming a path of this site', () => {
    expect(safeRedirectUrl('/a/b?c=d#e')).toBe('/a/b?c=d#e');
    expect(safeRedirectUrl(['/a'])).toBeNull();
    expect(safeRedirectUrl(undefined)).toBeNull();
  });
});
