import { randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import { platformSigner, type PlatformSigner } from './ob3.ts';

/**
 * The platform's Open Badges 3.0 signing key (ADR 0030): OPEN_BADGES_SIGNING_KEY when configured (32 bytes in
 * base64, base64url or hex: the 32-byte Ed25519 seed), otherwise a key generated once and kept in the
 * `open_badges_signing_key` table (in backups). Its did:key is the issuer of every credential and status list:
 * changing it leaves the credentials already issued verifiable but their revocation unverifiable.
 */

export class SigningKeyError extends Error {
  override readonly name = 'SigningKeyError';
}

/** The 32-byte seed of a configured key, or an error naming the variable. */
export function parseSigningKey(value: string): Uint8Array {
  const text = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (bytes.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(text) && !/^[A-Za-z0-9+/_-]{43}=?$/.test(text)))
    throw new SigningKeyError(
      'OPEN_BADGES_SIGNING_KEY must be 32 random bytes in base64 or hex (openssl rand -base64 32)',
    );
  return new Uint8Array(bytes);
}

/**
 * The kept seed, generated and stored by the first caller; concurrent first callers (two processes starting) agree
 * on one row: the insert that loses does nothing and both read the row that won.
 */
export async function storedSigningSeed(sql: Sql): Promise<Uint8Array> {
  await sql`insert into open_badges_signing_key (id, seed) values (1, ${randomBytes(32)}) on conflict (id) do nothing`;
  const [row] = await sql<{ seed: Buffer }[]>`select seed from open_badges_signing_key where id = 1`;
  if (!row) throw new SigningKeyError('The open badges signing key could not be stored');
  return new Uint8Array(row.seed);
}

/** The platform's signer: the configured key, else the kept one. */
export async function loadPlatformSigner(options: {
  configuredKey?: string | undefined;
  sql: Sql;
}): Promise<PlatformSigner> {
  const seed = options.configuredKey
    ? parseSigningKey(options.configuredKey)
    : await storedSigningSeed(options.sql);
  return platformSigner(seed);
}
