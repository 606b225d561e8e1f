import { STORAGE_KEYS } from '../state/storage-keys.ts';
import { fakeJson, type FakeRequest } from '../testing/fake-api.ts';

/** Fixtures of the admin screens' component tests, shaped like query-api's documents. */

/** The cookie choice is made, so its first-visit dialog does not cover the screen under test. */
export const consentDecided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

/** A GET /users/me document: validated and verified unless told otherwise. */
export function meDocument(
  options: {
    id?: string;
    firstName?: string;
    lastName?: string;
    roles?: string[];
    validated?: boolean;
    /** the zone the member reads times in (their profile's) */
    timezone?: string;
  } = {},
) {
  const roles = options.roles ?? [];
  return {
    data: {
      type: 'users',
      id: options.id ?? 'me-1',
      attributes: {
        firstName: options.firstName ?? 'Grace',
        lastName: options.lastName ?? 'Hopper',
        fullName: `${options.firstName ?? 'Grace'} ${options.lastName ?? 'Hopper'}`,
        email: 'grace@example.org',
        isAdmin: roles.includes('admin'),
        emailVerifiedAt: '2026-01-01T00:00:00.000Z',
        validatedAt: options.validated === false ? null : '2026-01-02T00:00:00.000Z',
        timezone: options.timezone ?? 'Europe/Paris',
        locale: 'en',
      },
      relationships: { roles: { data: roles.map((id) => ({ type: 'roles', id })) } },
      meta: { version: '3' },
    },
    included: [],
    meta: { effectiveAccessWeight: 0 },
  };
}

/** A member's record as the users' list and find answer it to a picker (name and address). */
export const memberRecord = (id: string, firstName: string, lastName: string) => ({
  type: 'users',
  id,
  attributes: { firstName, lastName, email: `${firstName.toLowerCase()}@example.org` },
});

export const listMeta = (total: number, page = 1, size = 25) => ({
  total,
  page: { number: page, size, totalPages: Math.max(1, Math.ceil(total / size)) },
});

export const commandAnswer = (type: string, id: string, position: string) => ({
  data: { type, id },
  meta: { position, version: '7' },
});

export const notFound = () =>
  fakeJson(404, { errors: [{ status: '404', code: 'not_found', detail: 'No route for this call' }] });

/** A handler that records the calls of one method and path prefix and answers them. */
export function route(
  method: string,
  path: string | RegExp,
  answer: (request: FakeRequest) => Response,
  seen: FakeRequest[] = [],
) {
  return (request: FakeRequest) => {
    if (request.method !== method) return undefined;
    const p = request.url.pathname;
    if (typeof path === 'string' ? p !== path : !path.test(p)) return undefined;
    seen.push(request);
    return answer(request);
  };
}

/**
 * The first find of a test waits for the app to boot and the screen's lazy chunk to load, which takes longer
 * than Testing Library's default wait on a loaded machine.
 */
export const FIRST_RENDER = { timeout: 10_000 };
