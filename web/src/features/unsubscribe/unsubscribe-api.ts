import { z } from 'zod/v4';
import {
  newsletterEndpoints,
  UNSUBSCRIBE_SIGNATURE,
  type UnsubscribeBody,
} from '@platform/contracts/newsletters/endpoints';
import type { ApiClient } from '../../kit/api/client.ts';
import { ApiError } from '../../kit/api/errors.ts';

/** Who an unsubscribe link is for: a contact (its id), or the address a letter was sent to. */
export type UnsubscribeSubject = { kind: 'contact'; id: string } | { kind: 'email'; email: string };

/**
 * What pressing "Unsubscribe" settles to: done (204, also when they had left already); a link the platform did not
 * sign, or whose contact is gone (404), or a malformed one (422); or not done at all (no answer, a 5xx, anything
 * else), to try again, with the answer's correlation id when it gave one.
 */
export type UnsubscribeOutcome =
  { kind: 'done' } | { kind: 'invalid' } | { kind: 'failed'; reference: string | null } | { kind: 'aborted' };

// ids are uuids; loosely checked (any version): the server is the judge, this only spares a call for a cut link
const CONTACT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signature of a page's query (`?s=…`), or '' when it has none. */
export const signatureOf = (search: string) => new URLSearchParams(search).get('s') ?? '';

/**
 * Whether a link can be one the platform made, before anything is sent: a signature of the right form and a
 * subject. A link cut short in a mail client fails here, and the page says so without a call.
 */
export function linkIsWellFormed(subject: UnsubscribeSubject, signature: string): boolean {
  if (!UNSUBSCRIBE_SIGNATURE.test(signature)) return false;
  return subject.kind === 'contact' ? CONTACT_ID.test(subject.id) : subject.email.trim() !== '';
}

// the escapes decodeURI leaves as they are: # $ & + , / : ; = ? @
const RESERVED_ESCAPE = /%(2[346BCF]|3[ABDF]|40)/gi;

/**
 * The address of the email route's path segment. The router has decoded the path with decodeURI, which keeps the
 * escapes of reserved characters (`%40` for `@`, `%2B` for `+`): those are decoded here, and only those, since a
 * `%` the address holds has already been decoded once.
 */
export function emailOfSegment(segment: string): string {
  return segment.replace(RESERVED_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
}

/** The document the page sends: the link's signature, nothing else (the subject is in the path). */
export const unsubscribeBody = (signature: string): UnsubscribeBody => ({
  data: { type: 'unsubscriptions', attributes: { signature } },
});

// 204: no body to read
const NoContent = z.unknown();

/** A failed call as the page tells it: a link that is not (or no longer) one to leave by, or a failure to retry. */
export function outcomeOfError(error: unknown): UnsubscribeOutcome {
  if (!(error instanceof ApiError)) return { kind: 'failed', reference: null };
  if (error.kind === 'aborted') return { kind: 'aborted' };
  if (error.kind === 'not-found' || error.kind === 'validation') return { kind: 'invalid' };
  return { kind: 'failed', reference: error.correlationId };
}

/**
 * Leaves the newsletters (POST /services/light-users/{id}/unsubscribe or /services/unsubscribe/{email}). Quiet:
 * the page says every failure itself, in its own alert, with its own retry (no shell dialog over a bare page).
 */
export async function unsubscribe(
  api: ApiClient,
  request: { subject: UnsubscribeSubject; signature: string; signal?: AbortSignal },
): Promise<UnsubscribeOutcome> {
  const { subject, signature, signal } = request;
  const common = {
    body: unsubscribeBody(signature),
    schema: NoContent,
    quiet: true,
    ...(signal ? { signal } : {}),
  };
  try {
    if (subject.kind === 'contact')
      await api.call(newsletterEndpoints.unsubscribeContact, { ...common, params: { id: subject.id } });
    else
      await api.call(newsletterEndpoints.unsubscribeEmail, { ...common, params: { email: subject.email } });
    return { kind: 'done' };
  } catch (error) {
    return outcomeOfError(error);
  }
}
