import { expect, inject } from 'vitest';
import { baseUrl } from './browser.ts';

/** A call with the machine credential (an administrator's), answering the parsed body; a failure fails the test. */
export async function asAdmin(method: string, path: string, body?: unknown) {
  const answer = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      Accept: 'application/vnd.api+json',
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Bearer ${inject('e2eAdminToken')}`,
      ...(body ? { 'Content-Type': 'application/vnd.api+json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await answer.text();
  expect(answer.ok, `${method} ${path}: ${text}`).toBe(true);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (text ? JSON.parse(text) : null) as any;
}

/** A to-one relationship's value. */
export const one = (type: string, id: string) => ({ data: { type, id } });
