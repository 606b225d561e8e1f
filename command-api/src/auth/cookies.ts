import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'atc_session';

/** The session secret from the Cookie header (no cookie parser middleware needed for one cookie). */
export function sessionSecretOf(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** httpOnly (no script reads it), SameSite=Lax (not sent on cross-site POSTs), Secure behind https. */
export function setSessionCookie(req: Request, res: Response, secret: string, maxAgeMs?: number): void {
  res.cookie(SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    ...(maxAgeMs !== undefined ? { maxAge: maxAgeMs } : {}),
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}

/**
 * The CSRF check of unsafe requests carried by the cookie: the X-Requested-With header the web client sends.
 * A cross-site form cannot set it, and a cross-site script cannot send it without a CORS preflight this
 * server never grants; SameSite=Lax is the second line.
 */
export function hasCsrfHeader(req: Request): boolean {
  return req.headers['x-requested-with'] === 'XMLHttpRequest';
}
