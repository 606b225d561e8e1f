import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Sql } from 'postgres';
import { userStreamId } from '@platform/contracts/accounts/events';
import type { AccountFeatures } from '@platform/contracts/accounts/features';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import { DomainError, UnauthenticatedError } from '@platform/contracts/errors';
import type { CommandMetadata } from '@platform/contracts/metadata';
import type { EventStore } from '@platform/infra/event-store';
import type { Mailer } from '@platform/infra/mail/mailer';
import { verificationMessage } from '@platform/infra/mail/messages';
import type { UserCommand } from '../accounts/commands.ts';
import { batchDecider } from '../accounts/batch.ts';
import { userDecider } from '../accounts/decide.ts';
import { loadUser } from '../accounts/store.ts';
import { handleCommand, type CommandResult } from '../handler.ts';
import type { Clock } from '../http/metadata.ts';
import { correlationIdOf, requestIdOf } from '../http/metadata.ts';
import { clearSessionCookie, sessionSecretOf, setSessionCookie } from './cookies.ts';
import { verificationLink } from './links.ts';
import type { RateLimiter, RateLimits } from './rate-limit.ts';
import type { NewSession, Session, SessionStore } from './sessions.ts';

/** Everything the auth calls share. Built once by the platform (createAccountsAuth). */
export interface AuthContext {
  sql: Sql;
  eventStore: EventStore;
  contracts?: EventContractRegistry | undefined;
  clock: Clock;
  logger: Logger;
  sessions: SessionStore;
  limiter: RateLimiter;
  limits: RateLimits;
  mailer: Mailer;
  features: AccountFeatures;
  /** signs e-mail verification links */
  secret: string;
  /** the site's address as users open it, for links in e-mails */
  publicUrl: string;
  appName: string;
}

/** A command made by the auth layer on behalf of `userId` (sign-in: the user is the actor of their own sign-in). */
export function authMetadata(
  ctx: AuthContext,
  res: Response,
  userId: string,
  impersonatorId: string | null = null,
): CommandMetadata {
  return {
    now: ctx.clock(),
    actor: { userId, actingAsOrganizationId: null, impersonatorId },
    correlationId: correlationIdOf(res),
    causationId: requestIdOf(res),
  };
}

const batchUsers = batchDecider(userDecider);

export function runUserCommands(
  ctx: AuthContext,
  userId: string,
  commands: UserCommand[],
): Promise<CommandResult> {
  const metadata = commands[0]!.metadata;
  return handleCommand(
    { eventStore: ctx.eventStore, ...(ctx.contracts ? { contracts: ctx.contracts } : {}) },
    {
      streamId: userStreamId(userId),
      decider: batchUsers,
      command: { type: 'Batch', data: { commands }, metadata },
    },
  );
}

/** Starts a session in place of the request's current one (rotation: a new secret at every sign-in step). */
export async function startSession(
  ctx: AuthContext,
  req: Request,
  res: Response,
  data: NewSession,
): Promise<void> {
  const now = ctx.clock();
  const secret = await ctx.sessions.create(data, now, sessionSecretOf(req) ?? undefined);
  const persistent = data.stage === 'authenticated' && data.remember;
  setSessionCookie(req, res, secret, persistent ? ctx.sessions.policy.rememberMs : undefined);
}

/**
 * The request's session, for the auth calls (the /api/v1 middleware does the same for the APIs). `required`:
 * no cookie is a 401, an expired one a 419.
 */
export async function currentSession(
  ctx: AuthContext,
  req: Request,
  res: Response,
  required: 'authenticated' | 'two_factor' | false,
): Promise<Session | null> {
  const secret = sessionSecretOf(req);
  const found = secret ? await ctx.sessions.find(secret, ctx.clock()) : { status: 'missing' as const };
  if (found.status === 'active' && (!required || found.session.stage === required)) return found.session;
  if (secret !== null && found.status !== 'active') clearSessionCookie(req, res);
  if (!required) return null;
  if (secret !== null && found.status === 'expired') {
    throw new DomainError('auth.session_expired', 'Your session has expired: sign in again');
  }
  if (required === 'two_factor') {
    throw new DomainError('auth.session_expired', 'No sign-in is waiting for a code: sign in again');
  }
  throw new UnauthenticatedError();
}

/** Sends the verification link of the user's current address. */
export async function sendVerification(ctx: AuthContext, userId: string): Promise<void> {
  const { state } = await loadUser(ctx.eventStore, userId);
  if (state.status !== 'active' || state.emailVerified) return;
  const link = verificationLink(ctx, { id: userId, email: state.email }, ctx.clock());
  await ctx.mailer.send(
    verificationMessage({ email: state.email, firstName: state.profile.firstName }, link, ctx.appName),
  );
}

export function sendJson(res: Response, status: number, body: unknown): void {
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify(body, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}
