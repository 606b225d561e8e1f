import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { CaptchaChallenge, CaptchaPayload } from '@platform/contracts/contacts/endpoints';

/**
 * The captcha of the public forms (ADR 0060, ALTCHA's proof of work: a contact form's submission, an advanced
 * form's start): the browser works out the answer to the challenge the page was given (a few hundred milliseconds
 * of hashing, with the browser's own SHA-256), nothing for the visitor to read, hear or click. Null when it was not
 * solved (stopped, or given up by the library). Loaded with the forms' screens, never the first script.
 */
export async function solveCaptcha(
  challenge: CaptchaChallenge,
  signal?: AbortSignal,
): Promise<CaptchaPayload | null> {
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({
    challenge: challenge as unknown as Challenge,
    deriveKey,
    controller,
  });
  return solution ? { challenge, solution } : null;
}

/** When the server stops taking the challenge (the platform's clock, in its signed data), or null if it does not say. */
export function challengeExpiresAt(challenge: CaptchaChallenge | null): number | null {
  const data = challenge?.parameters.data;
  if (typeof data !== 'object' || data === null) return null;
  const expires = (data as { expires?: unknown }).expires;
  return typeof expires === 'number' && Number.isFinite(expires) ? expires : null;
}
