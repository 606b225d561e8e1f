import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): the PHC string carries the parameters. */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a random password, checked when the account does not exist, so both answers take as long. */
let decoy: Promise<string> | undefined;

/** Whether `password` matches `phc`; with no hash (unknown account, no password) it still spends the time. */
export async function verifyPassword(phc: string | null, password: string): Promise<boolean> {
  if (phc === null) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Recovery codes: 8 of them, 10 random base32 characters in two groups ("k3p9x-2mfqa"). */
export function newRecoveryCodes(count = 8): string[] {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const recoveryCodeHash = (code: string) => sha256(code.trim().toLowerCase());
