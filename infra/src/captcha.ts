import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CaptchaChallenge, CaptchaPayload } from '@platform/contracts/contacts/endpoints';

/**
 * The captcha of the public forms (ADR 0060): ALTCHA's proof of work (altcha-lib). The page is given a challenge
 * the server signed, the visitor's browser works out its answer (a few hundred milliseconds of hashing, nothing to
 * read, hear or click), and the server checks it with its key alone: no third party, no cookie, no image.
 *
 * A challenge names the record it was made for (`data.scope`) and dies after CAPTCHA_TTL_MS (`data.expires`); the record's stream
 * refuses a challenge used twice (its signature is kept in the submission's event).
 */

/** How long a challenge may be answered: a visitor has this long to fill the form in once the page is shown. */
export const CAPTCHA_TTL_MS = 60 * 60 * 1000;
/** How much work a challenge asks: its counter is drawn between these (SHA-256, about 0.2-0.5 s in a browser). */
export const CAPTCHA_COUNTER = { min: 2_000, max: 8_000 } as const;

export interface CaptchaKeys {
  signature: string;
  key: string;
}

/** The two keys a challenge is signed with, derived from the platform's secret (the link-signing one). */
export function captchaKeys(secret: string): CaptchaKeys {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`captcha:${purpose}`).digest('hex');
  return { signature: derive('signature'), key: derive('key') };
}

/** A new challenge for one record (a light-user form), signed, to be answered before `now + CAPTCHA_TTL_MS`. */
export async function createCaptcha(
  keys: CaptchaKeys,
  scope: string,
  now: Date,
  work: { min: number; max: number } = CAPTCHA_COUNTER,
): Promise<CaptchaChallenge> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(work.min, work.max),
    deriveKey,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.key,
    // the expiry is the platform's clock's, kept in the signed data (altcha's own would be read against the machine's)
    data: { scope, expires: now.getTime() + CAPTCHA_TTL_MS },
  });
  return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' };
}

export type CaptchaCheck = 'ok' | 'expired' | 'invalid';

/**
 * Whether a payload answers a challenge this platform made for `scope`: signed with its keys, not expired, for
 * that record, and solved. Never throws on what a visitor can send.
 */
export async function checkCaptcha(
  keys: CaptchaKeys,
  payload: CaptchaPayload,
  scope: string,
  now: Date,
): Promise<CaptchaCheck> {
  const { parameters } = payload.challenge;
  const data = parameters.data as Record<string, unknown> | undefined;
  if (data?.scope !== scope) return 'invalid';
  if (typeof data.expires !== 'number') return 'invalid';
  try {
    const result = await verifySolution({
      challenge: payload.challenge as never,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.key,
    });
    if (!result.verified) return 'invalid';
    // the data is signed: its expiry is the one this platform wrote
    return data.expires <= now.getTime() ? 'expired' : 'ok';
  } catch {
    return 'invalid';
  }
}

/**
 * A challenge solved as a visitor's browser solves it (the web's solver, altcha-lib), for the platform's own
 * callers of its public forms: the demo seeding, the tests. Null when it was not solved in time.
 */
export async function solveCaptcha(challenge: CaptchaChallenge): Promise<CaptchaPayload | null> {
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  return solution ? { challenge, solution } : null;
}
