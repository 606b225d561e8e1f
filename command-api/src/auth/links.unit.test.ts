import { describe, expect, it } from 'vitest';
import { checkVerificationLink, emailHash, verificationLink } from './links.ts';
import { sessionSecretOf } from './cookies.ts';
import { newRecoveryCodes, recoveryCodeHash } from './passwords.ts';

const options = { secret: 'a-secret-of-enough-length-0123456789', publicUrl: 'https://example.org/' };
const now = new Date('2025-05-14T10:00:00Z');
const user = { id: '0b000000-0000-4000-8000-00000000000b', email: 'ada@example.org' };

function parts(link: string) {
  const url = new URL(link);
  const [, , , , id, hash] = url.pathname.split('/');
  return {
    id: id!,
    hash: hash!,
    expires: url.searchParams.get('expires')!,
    signature: url.searchParams.get('signature')!,
  };
}

describe('e-mail verification links', () => {
  it('builds the seed route /auth/email/verify/{id}/{hash} with an expiry and a signature', () => {
    const link = verificationLink(options, user, now);
    expect(
      link.startsWith(`https://example.org/auth/email/verify/${user.id}/${emailHash(user.email)}?`),
    ).toBe(true);
    expect(checkVerificationLink(options.secret, parts(link), now)).toBe('valid');
  });

  it('refuses an altered part, another secret, and an expired link', () => {
    const p = parts(verificationLink(options, user, now));
    expect(
      checkVerificationLink(options.secret, { ...p, id: '0b000000-0000-4000-8000-00000000000c' }, now),
    ).toBe('invalid');
    expect(checkVerificationLink(options.secret, { ...p, hash: emailHash('eve@example.org') }, now)).toBe(
      'invalid',
    );
    expect(checkVerificationLink(options.secret, { ...p, expires: String(Number(p.expires) + 1) }, now)).toBe(
      'invalid',
    );
    expect(checkVerificationLink('another-secret', p, now)).toBe('invalid');
    expect(checkVerificationLink(options.secret, { ...p, signature: 'short' }, now)).toBe('invalid');
    const later = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 1000);
    expect(checkVerificationLink(options.secret, p, later)).toBe('expired');
  });
});

describe('session cookie and recovery codes', () => {
  it('reads only a well-formed session cookie', () => {
    const req = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as never;
    const secret = 'A'.repeat(43);
    expect(sessionSecretOf(req(`theme=dark; atc_session=${secret}; other=1`))).toBe(secret);
    expect(sessionSecretOf(req('atc_session=short'))).toBeNull();
    expect(sessionSecretOf(req('atc_session=<script>'))).toBeNull();
    expect(sessionSecretOf(req())).toBeNull();
  });

  it('makes distinct recovery codes, hashed case- and space-insensitively', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(8);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(recoveryCodeHash(` ${codes[0]!.toUpperCase()} `)).toBe(recoveryCodeHash(codes[0]!));
  });
});
