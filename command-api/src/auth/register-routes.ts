import { randomUUID } from 'node:crypto';
import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { Router } from 'express';
import { isTimezone, DEFAULT_TIMEZONE } from '@platform/contracts/accounts/reference';
import { DomainError, NotFoundError } from '@platform/contracts/errors';
import { withUniqueValues } from '../claims/unique-values.ts';
import { EMAIL_SCOPE, emailStillHeld, loadUser, userOwner } from '../accounts/store.ts';
import {
  authMetadata,
  currentSession,
  runUserCommands,
  sendJson,
  sendVerification,
  startSession,
  type AuthContext,
} from './context.ts';
import { checkVerificationLink, emailHash } from './links.ts';
import { hashPassword } from './passwords.ts';
import { clientIp } from './rate-limit.ts';

/**
 * POST /auth/register (register feature), POST /auth/email/verify (the signed link's parts) and
 * POST /auth/email/verification-notification (send the link again).
 */
export function registerRoutes(router: Router, ctx: AuthContext): void {
  const claimDeps = { eventStore: ctx.eventStore, ...(ctx.contracts ? { contracts: ctx.contracts } : {}) };

  mountEndpoint(router, authEndpoints.register, async (req, res, call) => {
    if (!ctx.features.register) throw new NotFoundError('No route for this call');
    const body = call.body();
    const now = ctx.clock();
    // every registration counts against the address, opened or refused (ADR 0023)
    await ctx.limiter.attempt(res, now, [
      { key: `register:ip:${clientIp(req)}`, limit: ctx.limits.register.ip },
    ]);
    const id = randomUUID();
    const metadata = authMetadata(ctx, res, id);
    const header = req.headers['x-timezone'];
    const timezone = [body.timezone, typeof header === 'string' ? header : undefined].find(
      (t): t is string => t !== undefined && isTimezone(t),
    );
    const passwordHash = await hashPassword(body.password);
    const email = {
      scope: EMAIL_SCOPE,
      value: body.email,
      pointer: '/email',
      stillHolds: emailStillHeld(ctx.eventStore),
    };
    const result = await withUniqueValues(
      claimDeps,
      { holder: userOwner(id), metadata, values: [email] },
      () =>
        runUserCommands(ctx, id, [
          {
            type: 'RegisterUser',
            data: {
              id,
              email: body.email,
              firstName: body.firstName,
              lastName: body.lastName,
              locale: body.locale ?? 'en',
              timezone: timezone ?? DEFAULT_TIMEZONE,
              passwordHash,
              origin: 'register',
              emailVerified: false,
            },
            metadata,
          },
        ]),
    );
    await sendVerification(ctx, id);
    await startSession(ctx, req, res, { userId: id, stage: 'authenticated' });
    sendJson(res, 201, {
      state: 'authenticated',
      redirectTo: 'account.profile',
      data: { type: 'users', id },
      meta: { position: result.position.toString() },
    });
  });

  mountEndpoint(router, authEndpoints.verifyEmail, async (req, res, call) => {
    const body = call.body();
    const check = checkVerificationLink(ctx.secret, body, ctx.clock());
    if (check === 'expired')
      throw new DomainError('auth.link_expired', 'This verification link has expired: ask for a new one');
    if (check === 'invalid')
      throw new DomainError('auth.link_invalid', 'This verification link is not valid');
    const { state } = await loadUser(ctx.eventStore, body.id);
    if (state.status !== 'active' || emailHash(state.email) !== body.hash) {
      throw new DomainError(
        'auth.link_invalid',
        'This link was sent to an address the account no longer uses',
      );
    }
    const result = await runUserCommands(ctx, state.id, [
      {
        type: 'VerifyEmail',
        data: { id: state.id, email: state.email },
        metadata: authMetadata(ctx, res, state.id),
      },
    ]);
    sendJson(res, 200, { state: 'verified', meta: { position: result.position.toString() } });
  });

  mountEndpoint(router, authEndpoints.verificationNotification, async (req, res) => {
    const session = (await currentSession(ctx, req, res, 'authenticated'))!;
    const { state } = await loadUser(ctx.eventStore, session.userId);
    if (state.status !== 'active' || state.emailVerified) {
      sendJson(res, 200, { state: 'already_verified' });
      return;
    }
    await ctx.limiter.attempt(res, ctx.clock(), [
      { key: `verify:account:${session.userId}`, limit: ctx.limits.verificationEmail.account },
    ]);
    await sendVerification(ctx, session.userId);
    sendJson(res, 202, { state: 'verification_link_sent' });
  });
}
