import { JOBS, USER_CATEGORIES } from '@platform/contracts/accounts/reference';
import { fakeJson, type FakeRequest } from '../../../kit/testing/fake-api.ts';

/** A GET /users/me document shaped like query-api's userResource (full view) with the me includes. */
export function meDocument(
  attributes: Record<string, unknown> = {},
  options: {
    organizations?: Array<{ id: string; name: string; accessLevel: string | null }>;
    acting?: string | null;
    jobId?: string | null;
    userCategoryId?: string | null;
    rentalInvoicingStrategyId?: string | null;
    version?: string;
  } = {},
) {
  const organizations = options.organizations ?? [];
  return {
    data: {
      type: 'users',
      id: 'u1',
      attributes: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        fullName: 'Ada Lovelace',
        avatarUrl: null,
        description: null,
        organizationName: null,
        jobOther: null,
        isAdmin: false,
        impersonating: false,
        hasPassword: true,
        email: 'ada@example.org',
        phone: null,
        twoFactorStrategy: null,
        notificationsPreferences: {},
        locale: 'en',
        editionLocale: 'en',
        timezone: 'Europe/Paris',
        emailVerifiedAt: '2026-01-01T00:00:00.000Z',
        validatedAt: '2026-01-02T00:00:00.000Z',
        lastLoginAt: null,
        secondaryEmailsString: '',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        ...attributes,
      },
      relationships: {
        roles: { data: [] },
        job: { data: options.jobId ? { type: 'jobs', id: options.jobId } : null },
        accessLevel: { data: null },
        organizations: { data: organizations.map((o) => ({ type: 'organizations', id: o.id })) },
        actingAsOrganization: {
          data: options.acting ? { type: 'organizations', id: options.acting } : null,
        },
        newsletterFrequency: { data: null },
        rentalInvoicingStrategy: {
          data: options.rentalInvoicingStrategyId
            ? { type: 'rental-invoicing-strategies', id: options.rentalInvoicingStrategyId }
            : null,
        },
        userCategory: {
          data: options.userCategoryId ? { type: 'user-categories', id: options.userCategoryId } : null,
        },
      },
      meta: { version: options.version ?? '7' },
    },
    included: organizations.map((o) => ({
      type: 'organizations',
      id: o.id,
      attributes: { name: o.name, slug: o.name.toLowerCase().replace(/\W+/g, '-') },
      relationships: {
        accessLevel: { data: o.accessLevel ? { type: 'access-levels', id: o.accessLevel } : null },
      },
    })),
    meta: { effectiveAccessWeight: null },
  };
}

/** GET /jobs and /user-categories as the query API lists them. */
export function referenceLists(request: FakeRequest): Response | undefined {
  if (request.method !== 'GET') return undefined;
  const list =
    request.url.pathname === '/api/v1/jobs'
      ? JOBS
      : request.url.pathname === '/api/v1/user-categories'
        ? USER_CATEGORIES
        : null;
  if (!list) return undefined;
  const type = request.url.pathname.slice('/api/v1/'.length);
  return fakeJson(200, {
    data: list.map(({ id, ...attributes }) => ({ type, id, attributes })),
    meta: { total: list.length },
  });
}

/** A command's answer (command-api/src/http/respond.ts). */
export const commandAnswer = (type: string, id: string, position: string, version = '8') =>
  fakeJson(200, { data: { type, id }, meta: { position, version } });

/**
 * The signed-in user's reads: `current` answers GET /users/me and can be replaced by a test (a save's
 * outcome); each read's minPosition is recorded.
 */
export function meServer(initial: unknown) {
  const state = { current: initial, positions: [] as Array<string | null> };
  const handler = (request: FakeRequest): Response | undefined => {
    if (request.method !== 'GET' || request.url.pathname !== '/api/v1/users/me') return undefined;
    state.positions.push(request.url.searchParams.get('minPosition'));
    return fakeJson(200, state.current);
  };
  return { state, handler };
}
