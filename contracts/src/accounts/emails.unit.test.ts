import { describe, expect, it } from 'vitest';
import { EmailSchema, emailKey, emailToAscii, parseSecondaryEmails } from './emails.ts';

describe('e-mail addresses in ASCII form', () => {
  it('converts an internationalised domain to punycode and lowercases it', () => {
    expect(emailToAscii('  Marie@Bücher.Example ')).toBe('Marie@xn--bcher-kva.example');
    expect(emailKey('Marie@Bücher.Example')).toBe('marie@xn--bcher-kva.example');
    expect(EmailSchema.parse('Someone@Example.ORG')).toBe('someone@example.org');
  });

  it.each([
    '',
    'plain',
    '@example.org',
    'a@',
    'a b@example.org',
    'a@exa mple.org',
    'a@localhost',
    'a@1.2.3.4',
  ])('refuses %j', (value) => {
    expect(emailToAscii(value)).toBeNull();
    expect(EmailSchema.safeParse(value).success).toBe(false);
  });
});

describe('secondaryEmailsString', () => {
  it('takes one address per line, trimmed, blanks and repeats dropped, in ASCII form', () => {
    expect(
      parseSecondaryEmails(' one@example.org \n\n\r\nTWO@Bücher.example\r\none@EXAMPLE.org\n   '),
    ).toEqual({
      ok: true,
      emails: ['one@example.org', 'two@xn--bcher-kva.example'],
    });
    expect(parseSecondaryEmails('')).toEqual({ ok: true, emails: [] });
  });

  it('names the lines that are not addresses', () => {
    expect(parseSecondaryEmails('ok@example.org\nnot an address\n\nalso@bad')).toEqual({
      ok: false,
      invalidLines: [1, 3],
    });
  });
});
