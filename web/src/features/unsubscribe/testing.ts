import {
  contactUnsubscribePath,
  emailUnsubscribePath,
  type UnsubscribeBody,
} from '@platform/contracts/newsletters/endpoints';
import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';

export const CONTACT_ID = '3d1c6a52-8f0e-4b7a-9c21-5e4f2a7b9d10';
export const ADDRESS = 'ana.pop+news@example.org';
/** the signatures the fake platform made for the contact and for the address (43 URL-safe characters) */
export const CONTACT_SIGNATURE = 'Qm9va3MtYW5kLWxldHRlcnMtZm9yLWFsbC0wMTIzNDU';
export const ADDRESS_SIGNATURE = 'TGV0dGVycy10by1hbi1hZGRyZXNzLWFiY2RlZmdoaWo';
/** well formed, but signed by nobody */
export const FORGED_SIGNATURE = 'Rm9yZ2VkLXNpZ25hdHVyZS0wMTIzNDU2Nzg5YWJjZGU';

export const contactPath = (signature = CONTACT_SIGNATURE) => contactUnsubscribePath(CONTACT_ID, signature);
export const addressPath = (signature = ADDRESS_SIGNATURE) => emailUnsubscribePath(ADDRESS, signature);

/** An answer the test asks for instead of the fake platform's own: a status with its error, or no answer at all. */
export type ForcedAnswer =
  { status: number; code: string; correlationId?: string } | { network: true } | { held: Promise<void> };

const CONTACT_ROUTE = /^\/api\/v1\/services\/light-users\/([^/]+)\/unsubscribe$/;
const ADDRESS_ROUTE = /^\/api\/v1\/services\/unsubscribe\/([^/]+)$/;

/**
 * POST /services/light-users/{id}/unsubscribe and /services/unsubscribe/{email} as the platform answers them: 204
 * for a link it signed (again 204 when already unsubscribed), 404 for any other. `answers` replace the next
 * POSTs' answers; a held answer waits for its promise, then answers as the platform would.
 */
export function unsubscribeServer() {
  const signed = new Map([
    [`contact:${CONTACT_ID}`, CONTACT_SIGNATURE],
    [`email:${ADDRESS}`, ADDRESS_SIGNATURE],
  ]);
  const state = {
    /** every POST received: the path as sent, and its body */
    posted: [] as Array<{ path: string; body: UnsubscribeBody }>,
    unsubscribed: new Set<string>(),
    answers: [] as ForcedAnswer[],
  };
  const handler = async (request: FakeRequest): Promise<Response | undefined> => {
    const { pathname } = request.url;
    const contact = CONTACT_ROUTE.exec(pathname);
    const address = ADDRESS_ROUTE.exec(pathname);
    if (request.method !== 'POST' || (!contact && !address)) return undefined;
    state.posted.push({ path: pathname, body: request.body as UnsubscribeBody });
    const forced = state.answers.shift();
    if (forced && 'network' in forced) throw new TypeError('Failed to fetch');
    if (forced && 'status' in forced)
      return fakeJson(forced.status, {
        errors: [
          {
            status: String(forced.status),
            code: forced.code,
            detail: forced.code,
            ...(forced.correlationId ? { meta: { correlationId: forced.correlationId } } : {}),
          },
        ],
      });
    if (forced) await forced.held;
    const subject = contact ? `contact:${contact[1]}` : `email:${decodeURIComponent(address![1]!)}`;
    const signature = (request.body as UnsubscribeBody).data.attributes.signature;
    if (signed.get(subject) !== signature)
      return fakeJson(404, { errors: [{ status: '404', code: 'not_found', detail: 'Not found' }] });
    state.unsubscribed.add(subject);
    return new Response(null, { status: 204 });
  };
  return { state, handler };
}
