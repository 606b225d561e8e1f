import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

/** The cookie that tells one browser's visitor from another's when they answer a survey (ADR 0043). */
export const SURVEY_VISITOR_COOKIE = 'atc_survey_visitor';

const VALUE = /^[A-Za-z0-9_-]{22,64}$/;

/** The visitor's cookie from the Cookie header, if it holds a value this platform could have issued. */
export function surveyVisitorCookieOf(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === SURVEY_VISITOR_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return VALUE.test(value) ? value : null;
    }
  }
  return null;
}

/**
 * A visitor's respondent key: a digest of their cookie, so that the event log never holds the value that would
 * let someone answer as them (nor any address). `visitor:` and 32 hex digits.
 */
export const surveyVisitorKey = (cookie: string): string =>
  `visitor:${createHash('sha256').update(cookie).digest('hex').slice(0, 32)}`;

/**
 * The visitor's key, issuing the cookie on their first answer: random (128 bits), httpOnly, SameSite=Lax, kept a
 * year. Clearing it lets a visitor answer again: a survey that must count people once requires sign-in.
 */
export function surveyVisitorOf(req: Request, res: Response): string {
  const known = surveyVisitorCookieOf(req);
  if (known) return surveyVisitorKey(known);
  const issued = randomBytes(16).toString('base64url');
  res.cookie(SURVEY_VISITOR_COOKIE, issued, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: 365 * 24 * 60 * 60 * 1000,
  });
  return surveyVisitorKey(issued);
}
