import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The e-mail verification link (seed 000 §2.5: /auth/email/verify/{id}/{hash}): the user id, the sha-1 of the
 * address it was sent to, an expiry and an HMAC-SHA256 signature over the three with the platform's secret.
 * No state is stored: an altered or expired link fails its check.
 */
export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export const emailHash = (email: string) => createHash('sha1').update(email.toLowerCase()).digest('hex');

function signature(secret: string, id: string, hash: string, expires: string): string {
  return createHmac('sha256', secret).update(`${id}.${hash}.${expires}`).digest('hex');
}

export function verificationLink(
  options: { secret: string; publicUrl: string },
  user: { id: string; email: string },
  now: Date,
): string {
  const hash = emailHash(user.email);
  const expires = String(Math.floor((now.getTime() + VERIFICATION_LINK_TTL_MS) / 1000));
  const sig = signature(options.secret, user.id, hash, expires);
  const base = options.publicUrl.replace(/\/$/, '');
  return `${base}/auth/email/verify/${user.id}/${hash}?expires=${expires}&signature=${sig}`;
}

export type LinkCheck = 'valid' | 'invalid' | 'expired';

export function checkVerificationLink(
  secret: string,
  link: { id: string; hash: string; expires: string; signature: string },
  now: Date,
): LinkCheck {
  if (!/^\d{1,12}$/.test(link.expires) || !/^[0-9a-f]{64}$/.test(link.signature)) return 'invalid';
  const expected = Buffer.from(signature(secret, link.id, link.hash, link.expires), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(link.signature, 'hex'))) return 'invalid';
  return Number(link.expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
}
