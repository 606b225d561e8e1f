import { z } from 'zod/v4';

/**
 * The ASCII (punycode) form of an e-mail address: the domain goes through the WHATWG URL parser, which applies
 * IDNA in browsers and in Node alike, so both sides store the same form. The local part is kept as typed
 * (trimmed); the domain is lowercased. Returns null when the value is not an address.
 */
export function emailToAscii(raw: string): string | null {
  const value = raw.trim();
  const at = value.lastIndexOf('@');
  if (at < 1 || at === value.length - 1 || value.length > 254) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (/[\s@<>()[\]\\,;:"]/.test(local) || local.length > 64) return null;
  if (/[\s/?#@:]/.test(domain) || !domain.includes('.')) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  if (ascii.endsWith('.') || /^[0-9.]+$/.test(ascii) || ascii.startsWith('[')) return null;
  return `${local}@${ascii}`;
}

/** The key an address is unique by: the ASCII form, lowercased whole (addresses differing only by case are one). */
export function emailKey(raw: string): string | null {
  return emailToAscii(raw)?.toLowerCase() ?? null;
}

/** An e-mail address as typed in a form: trimmed, checked, stored in ASCII form. */
export const EmailSchema = z
  .string()
  // too long is the one problem named (zod 4 would go on to the transform's own)
  .max(254, { abort: true })
  .transform((value, ctx) => {
    const ascii = emailToAscii(value);
    if (ascii === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be a valid e-mail address' });
      return z.NEVER;
    }
    return ascii.toLowerCase();
  });

export const MAX_SECONDARY_EMAILS = 10;

/**
 * secondaryEmailsString (seed 000 §5): one address per line, trimmed, blanks dropped, converted to ASCII form.
 * Duplicates (by key) are dropped too; the order of first appearance is kept. Invalid lines are reported by
 * their 0-based line index so the form can point at them.
 */
export function parseSecondaryEmails(
  text: string,
): { ok: true; emails: string[] } | { ok: false; invalidLines: number[] } {
  const emails: string[] = [];
  const invalidLines: number[] = [];
  const seen = new Set<string>();
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const ascii = emailToAscii(line);
    if (ascii === null) {
      invalidLines.push(index);
      return;
    }
    const key = ascii.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    emails.push(key);
  });
  return invalidLines.length ? { ok: false, invalidLines } : { ok: true, emails };
}

/** The form field of a parsed list: one address per line. */
export function secondaryEmailsString(emails: readonly string[]): string {
  return emails.join('\n');
}
