import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { UnauthenticatedError } from '@platform/contracts/errors';
import { declaredEndpoints } from '@platform/contracts/endpoint-catalogue';
import { systemActor, type Actor } from '@platform/contracts/metadata';
import { anonymousViewer, bootstrapAdminViewer } from './viewer.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who sends a write open to anyone when nobody signed in: no user (the events say so). */
const anonymousActor: Actor = Object.freeze({
  userId: null,
  actingAsOrganizationId: null,
  impersonatorId: null,
});

/**
 * The writes declared open to anyone (`anonymous` endpoints under /api/v1: the statistics' records, a survey's
 * answers), by method and path; a `:param` of the path stands for one path segment (the survey answered).
 */
const OPEN_WRITES: ReadonlyArray<{ method: string; path: RegExp }> = declaredEndpoints
  .filter((e) => e.anonymous && e.root === '/api/v1')
  .map((e) => ({
    method: e.method,
    path: new RegExp(
      `^${e.path
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}$`,
    ),
  }));

const isOpenWrite = (method: string, path: string) =>
  OPEN_WRITES.some((w) => w.method === method && w.path.test(path));

/** Hashing first gives both sides the same length, so the comparison leaks neither content nor length. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Bootstrap authentication until the accounts issue brings sessions: `Authorization: Bearer <token>` with
 * the configured admin API token makes the caller the bootstrap admin (acting as the system user).
 * Without the header the caller is anonymous: reads are allowed, writes answer 401, but for the few declared
 * open to anyone (OPEN_WRITES), which run with the anonymous actor. A header that is
 * present but wrong is always a 401, so a mistyped token is never silently treated as anonymous.
 * Shared by both APIs; running it twice on one request is harmless.
 */
export function authenticate(options: { adminToken: string }): RequestHandler {
  if (options.adminToken.length === 0) throw new Error('authenticate: adminToken must not be empty');
  return (req, res, next) => {
    if (res.locals.viewer === undefined) {
      const header = req.headers.authorization;
      if (header === undefined) {
        res.locals.viewer = anonymousViewer;
        res.locals.actor = null;
      } else {
        const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
        if (!match?.[1] || !sameSecret(match[1], options.adminToken)) {
          throw new UnauthenticatedError('The bearer token is not valid');
        }
        res.locals.viewer = bootstrapAdminViewer;
        res.locals.actor = systemActor;
      }
    }
    if (!SAFE_METHODS.has(req.method) && res.locals.actor === null) {
      if (!isOpenWrite(req.method, req.path))
        throw new UnauthenticatedError('Sign in (or send the admin API token) to change anything');
      res.locals.actor = anonymousActor;
    }
    next();
  };
}
