import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from '../../../kit/state/storage-keys.ts';
import { fakeJson, type FakeRequest } from '../../../kit/testing/fake-api.ts';

/** The cookie choice is made: the consent dialog stays closed in these tests. */
export const consentDecided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

/** A GET /users/me document (query-api/src/accounts/documents.ts userResource). */
export function meDocument(
  over: { roles?: string[]; emailVerifiedAt?: string | null; validatedAt?: string | null } = {},
) {
  return {
    data: {
      type: 'users',
      id: '5b0c4b7e-2f0a-4a57-9d59-0f6f2d2c1a11',
      attributes: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        fullName: 'Ada Lovelace',
        email: 'ada@example.org',
        emailVerifiedAt:
          over.emailVerifiedAt === undefined ? '2026-01-02T00:00:00.000Z' : over.emailVerifiedAt,
        validatedAt: over.validatedAt === undefined ? '2026-01-03T00:00:00.000Z' : over.validatedAt,
        locale: 'en',
        hasPassword: true,
      },
      relationships: { roles: { data: (over.roles ?? []).map((id) => ({ type: 'roles', id })) } },
      meta: { version: '4' },
    },
  };
}

export const USER_ID = meDocument().data.id;

/** Records the calls a handler answers, for assertions on method, path and body. */
export function recorder() {
  const seen: FakeRequest[] = [];
  const on =
    (method: string, path: string, answer: (request: FakeRequest) => Response) => (request: FakeRequest) => {
      if (request.method !== method || request.url.pathname !== path) return undefined;
      seen.push(request);
      return answer(request);
    };
  return { seen, on };
}

export const errorAnswer = (
  status: number,
  code: string,
  pointer?: string,
  detail = 'refused',
  meta?: Record<string, unknown>,
) =>
  fakeJson(status, {
    errors: [
      {
        status: String(status),
        code,
        detail,
        ...(pointer !== undefined ? { source: { pointer } } : {}),
        ...(meta ? { meta } : {}),
      },
    ],
  });

/** The role="alert" element holding exactly this text (the shell keeps an empty alert region of its own). */
export async function findAlert(text: string): Promise<HTMLElement> {
  const alerts = await screen.findAllByRole('alert');
  const found = alerts.find((a) => a.textContent === text);
  if (!found) throw new Error(`no alert says "${text}": ${alerts.map((a) => a.textContent).join(' | ')}`);
  return found;
}
