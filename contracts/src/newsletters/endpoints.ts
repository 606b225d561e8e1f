import { z } from 'zod/v4';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';

/** What an unsubscribe link carries besides its subject: the platform's signature of it (43 URL-safe characters). */
export const UNSUBSCRIBE_SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** The page a contact's newsletter links to for leaving the newsletters (seed 000 §2, bare layout). */
export const contactUnsubscribePath = (contactId: string, signature: string) =>
  `/services/light-users/unsubscribe/${contactId}?s=${encodeURIComponent(signature)}`;

/** The page a letter sent to an address links to (seed 000 §2: /services/unsubscribe/{email}, bare layout). */
export const emailUnsubscribePath = (email: string, signature: string) =>
  `/services/unsubscribe/${encodeURIComponent(email)}?s=${encodeURIComponent(signature)}`;

/**
 * The address a letter's List-Unsubscribe header names for the one-click way out (RFC 8058): the mail provider
 * POSTs `List-Unsubscribe=One-Click` to it on the reader's behalf, the contact's id signed in its query.
 */
export const contactOneClickUnsubscribePath = (contactId: string, signature: string) =>
  `/api/v1/services/light-users/${contactId}/unsubscribe/one-click?s=${encodeURIComponent(signature)}`;

/** What the unsubscribe page sends: the link's signature, nothing else (the subject is in the path). */
export const UnsubscribeBodySchema = z.object({
  data: z.object({
    type: z.literal('unsubscriptions'),
    attributes: z.object({
      signature: z.string().regex(UNSUBSCRIBE_SIGNATURE, 'This link is not valid'),
    }),
  }),
});
export type UnsubscribeBody = z.input<typeof UnsubscribeBodySchema>;

/** The answer to a sending asked: the sending's id, and how many contacts it goes to. */
export const NewsletterSendResponseSchema = z.object({
  data: z.object({ type: z.literal('newsletter-sendings'), id: z.string() }),
  meta: z.object({ position: z.string(), recipientsCount: z.number().int().min(0) }),
});
export type NewsletterSendResponse = z.infer<typeof NewsletterSendResponseSchema>;

/**
 * The newsletters' own routes beside their records' (contracts/src/newsletters/mailing-template.ts and sending.ts,
 * whose routes the resource layer declares): a mailing template previewed as the letter its readers get
 * (query-api/src/newsletters/preview-routes.ts, the path `newsletterPreviewPath` names, seed 000 §2), sent to the
 * subscribed contacts, and the way out of them that every letter carries (ADR 0065).
 */
export const newsletterEndpoints = {
  /** the letter as one HTML document (text/html), under the template's own `show` rule */
  preview: defineEndpoint({ method: 'GET', path: '/services/newsletters/preview/:id' }),
  /**
   * the back office sends the letter, as it is now, to the contacts subscribed now (the template's `update` rule):
   * 201 with the sending, carried out in the background; 409 conflict.newsletter_already_sent when this version of
   * the letter has been sent, conflict.newsletter_no_recipients when no contact is subscribed
   */
  send: defineEndpoint({
    method: 'POST',
    path: '/services/newsletters/:id/send',
    response: NewsletterSendResponseSchema,
  }),
  /**
   * a contact leaves the newsletters from their letter's link (the contact's id, signed): 204, also when they had
   * left already; a link the platform did not sign, or a contact gone, 404
   */
  unsubscribeContact: defineEndpoint({
    method: 'POST',
    path: '/services/light-users/:id/unsubscribe',
    body: UnsubscribeBodySchema,
    anonymous: true,
  }),
  /**
   * the one-click way out of RFC 8058, which mail providers call from a letter's List-Unsubscribe header: the
   * signature in the query (`?s=`), whatever form body the provider sends (read by no parser); 204, or 404 as above
   */
  unsubscribeOneClick: defineEndpoint({
    method: 'POST',
    path: '/services/light-users/:id/unsubscribe/one-click',
    anonymous: true,
  }),
  /**
   * the same for a letter sent to an address (the address, signed): 204 whether or not a contact has it (the
   * answer tells nothing of who is known); a link the platform did not sign 404
   */
  unsubscribeEmail: defineEndpoint({
    method: 'POST',
    path: '/services/unsubscribe/:email',
    body: UnsubscribeBodySchema,
    anonymous: true,
  }),
} satisfies Record<string, AnyEndpoint>;
