import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_SIGNATURE } from '@platform/contracts/newsletters/endpoints';

/**
 * The signatures of the unsubscribe links every newsletter carries (ADR 0065): an HMAC-SHA256 of what the link
 * names (a contact's id, or an address), with a key derived from the platform's link-signing secret (APP_KEY), so
 * the page leaves the newsletters for whoever holds the letter's link, and for nobody who only knows an id or an
 * address. A link does not expire: a letter read a year later still lets its reader leave.
 */
export interface UnsubscribeSigner {
  /** the link's signature for a contact's id */
  contact(id: string): string;
  /** the link's signature for an e-mail address, as the platform compares them (trimmed, lower case) */
  email(address: string): string;
  /** whether a signature is the platform's for the contact; never throws on what a visitor sends */
  checkContact(id: string, signature: string): boolean;
  checkEmail(address: string, signature: string): boolean;
}

export function unsubscribeSigner(secret: string): UnsubscribeSigner {
  const key = createHmac('sha256', secret).update('newsletters:unsubscribe').digest();
  const sign = (subject: string) => createHmac('sha256', key).update(subject).digest('base64url');
  const check = (subject: string, signature: string) => {
    if (!UNSUBSCRIBE_SIGNATURE.test(signature)) return false;
    const expected = Buffer.from(sign(subject));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const contactSubject = (id: string) => `contact:${id.toLowerCase()}`;
  const emailSubject = (address: string) => `email:${address.trim().toLowerCase()}`;
  return {
    contact: (id) => sign(contactSubject(id)),
    email: (address) => sign(emailSubject(address)),
    checkContact: (id, signature) => check(contactSubject(id), signature),
    checkEmail: (address, signature) => check(emailSubject(address), signature),
  };
}
