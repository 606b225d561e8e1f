import { createHash, randomBytes } from 'node:crypto';

/**
 * A response to an advanced form is known by its token alone (ADR 0062): the page's address carries it, and the
 * response's record id is drawn from it and the form's id, so that both sides find the response's stream and row
 * from the address without keeping the token anywhere.
 */

/** A new response's token: 24 random bytes, 32 URL-safe characters (FORM_RESPONSE_TOKEN). */
export function newFormResponseToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The record id of the response a token names on a form: a name-based UUID (version 5 layout) of both. */
export function formResponseIdOf(formId: string, token: string): string {
  const bytes = createHash('sha256').update(`form-response:${formId}:${token}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
