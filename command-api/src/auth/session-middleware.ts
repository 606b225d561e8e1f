import type { Request, RequestHandler } from 'express';
import type { Sql } from 'postgres';
import type { AccountFeatures } from '@platform/contracts/accounts/features';
import { DomainError } from '@platform/contracts/errors';
import type { EventStore } from '@platform/infra/event-store';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import type { Clock } from '../http/metadata.ts';
import type { Viewer } from '@platform/infra/http/viewer';
import { clearSessionCookie, hasCsrfHeader, sessionSecretOf } from './cookies.ts';
import type { Session, SessionStore } from './sessions.ts';
import { loadLevelSettings, loadViewer } from './viewer-loader.ts';
import { organizationResource } from '@platform/contracts/organizations/organization';
import { resourceTable } from '@platform/infra/resources/table';

/**
 * The read models a viewer is loaded from: the accounts and the organizations resource's table. The environment's
 * access-level settings are read as their table stands (a platform may serve no environment, so no wait on it).
 */
const VIEWER_PROJECTIONS = ['accounts', resourceTable(organizationResource).projection];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const POSITION = /^\d{1,19}$/;
/** a global position is a PostgreSQL bigint: 19 digits may still be past it (9223372036854775808) */
const MAX_POSITION = 9_223_372_036_854_775_807n;

export interface SessionAuthDeps {
  sql: Sql;
  eventStore: EventStore;
  sessions: SessionStore;
  features: AccountFeatures;
  clock: Clock;
  /** the bound on waiting for the accounts projections when a request names a minPosition */
  minPositionTimeoutMs: number;
}

/** The minPosition of the request, if any and well formed (the query API itself rejects a malformed one). */
export function minPositionOf(req: Request): bigint | undefined {
  const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '').get('minPosition');
  const header = req.headers['x-min-position'];
  const raw = query ?? (typeof header === 'string' ? header.trim() : undefined);
  if (raw === undefined || !POSITION.test(raw)) return undefined;
  const position = BigInt(raw);
  return position <= MAX_POSITION ? position : undefined;
}

export const sessionOf = (res: { locals: Record<string, unknown> }) =>
  res.locals.session as Session | undefined;

/**
 * Cookie sessions beside the API token (mounted before both APIs): a request with an Authorization header is
 * left to the token check; one with a session cookie gets the session's viewer and actor. An expired or
 * unknown session clears the cookie; on an unsafe method it is a 419 (the web shows its expired-session
 * dialog), on a read the caller is simply anonymous. Unsafe requests carried by the cookie need the
 * X-Requested-With header (403 auth.csrf). A pending two-factor sign-in is not signed in.
 */
export function sessionAuth(deps: SessionAuthDeps): RequestHandler {
  return async (req, res, next) => {
    if (res.locals.viewer !== undefined || req.headers.authorization !== undefined) return next();
    const secret = sessionSecretOf(req);
    if (secret === null) return next();
    const unsafe = !SAFE_METHODS.has(req.method);
    const now = deps.clock();
    const found = await deps.sessions.find(secret, now);
    if (found.status !== 'active') {
      clearSessionCookie(req, res);
      if (unsafe) throw new DomainError('auth.session_expired', 'Your session has expired: sign in again');
      return next();
    }
    const { session } = found;
    if (session.stage !== 'authenticated') return next();
    if (unsafe && !hasCsrfHeader(req)) {
      throw new DomainError(
        'auth.csrf',
        'Send the X-Requested-With: XMLHttpRequest header with this request',
      );
    }
    const position = minPositionOf(req);
    if (position !== undefined) {
      await waitForProjections(deps, VIEWER_PROJECTIONS, position, deps.minPositionTimeoutMs);
    }
    const [loaded, environment] = await Promise.all([
      loadViewer(deps.sql, deps.features, session.userId, session.impersonatorId),
      loadLevelSettings(deps.sql),
    ]);
    const viewer: Viewer = {
      ...(loaded ?? {
        // the read model has not caught up with a brand-new account: signed in, nothing more yet
        userId: session.userId,
        roles: [],
        accessWeight: 0,
        isAdmin: false,
        actingAsOrganizationId: null,
        impersonatorId: session.impersonatorId,
      }),
      environment,
    };
    res.locals.viewer = viewer;
    res.locals.actor = {
      userId: session.userId,
      actingAsOrganizationId: viewer.actingAsOrganizationId ?? null,
      impersonatorId: session.impersonatorId,
    };
    res.locals.session = session;
    res.locals.sessionSecret = secret;
    await deps.sessions.touch(session, now);
    next();
  };
}
