import { randomInt } from 'node:crypto';
import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { Router } from 'express';
import { emailKey } from '@platform/contracts/accounts/emails';
import { landingAfterLogin } from '@platform/contracts/auth/requests';
import { NotFoundError, ValidationError } from '@platform/contracts/errors';
import { twoFactorCodeMessage } from '@platform/infra/mail/messages';
import type { SignIn } from '../accounts/commands.ts';
import { loadUser, userIdByEmail } from '../accounts/store.ts';
import type { ActiveUser } from '@platform/contracts/accounts/user-state';
import { clearSessionCookie, sessionSecretOf } from './cookies.ts';
import {
  authMetadata,
  currentSession,
  runUserCommands,
  sendJson,
  startSession,
  type AuthContext,
} from './context.ts';
import { clientIp, guessChecks } from './rate-limit.ts';
import { recoveryCodeHash, sameDigest, sha256, verifyPassword } from './passwords.ts';
import { totpStepOf } from './totp.ts';

const invalidCredentials = () =>
  ValidationError.at(
    '/email',
    'These credentials do not match our records',
    'validation.invalid_credentials',
  );

/**
 * POST /auth/login, /auth/two-factor/login and /auth/logout (seed 000 §4, §7). The answer is a state:
 * authenticated (with where to land), two_factor_required (with the strategy) — registration_required is the
 * social sign-in's, which this platform does not offer (its route answers 404 while the feature is off).
 */
export function loginRoutes(router: Router, ctx: AuthContext): void {
  const claimDeps = { eventStore: ctx.eventStore, ...(ctx.contracts ? { contracts: ctx.contracts } : {}) };

  async function signedIn(user: ActiveUser, res: Parameters<typeof sendJson>[0], position: bigint) {
    sendJson(res, 200, {
      state: 'authenticated',
      redirectTo: landingAfterLogin(user, ctx.features),
      meta: { position: position.toString() },
    });
  }

  mountEndpoint(router, authEndpoints.login, async (req, res, call) => {
    const body = call.body();
    const now = ctx.clock();
    const account = emailKey(body.email) ?? body.email.trim().toLowerCase();
    // counted before the password is judged: past a limit the right password is refused too (ADR 0023)
    const attempt = await ctx.limiter.attempt(
      res,
      now,
      guessChecks('login', account, clientIp(req), ctx.limits.login),
    );
    if (attempt.delayMs > 0) {
      // the account's ceiling is past: guesses spread over many addresses are answered slowly (ADR 0023)
      ctx.logger.warn(
        { delayMs: attempt.delayMs },
        'sign-in slowed: the account is past its ceiling of failures',
      );
    }
    const userId = await userIdByEmail(claimDeps, body.email);
    const loaded = userId ? await loadUser(ctx.eventStore, userId) : null;
    const user = loaded?.state.status === 'active' ? loaded.state : null;
    // the same work and the same answer for an unknown address and a wrong password (no enumeration)
    const matches = await verifyPassword(user?.passwordHash ?? null, body.password);
    if (!user || !matches) throw invalidCredentials();
    // a right password does not count against the address or the account
    await attempt.succeeded();

    if (ctx.features.twoFactor && user.twoFactor) {
      const strategy = user.twoFactor.strategy;
      let emailCodeHash: string | null = null;
      if (strategy === 'email') {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        emailCodeHash = sha256(code);
        await ctx.mailer.send(
          twoFactorCodeMessage({ email: user.email, firstName: user.profile.firstName }, code, ctx.appName),
        );
      }
      await startSession(ctx, req, res, {
        userId: user.id,
        stage: 'two_factor',
        twoFactorStrategy: strategy,
        emailCodeHash,
        remember: body.remember,
      });
      sendJson(res, 200, { state: 'two_factor_required', strategy });
      return;
    }
    const metadata = authMetadata(ctx, res, user.id);
    const result = await runUserCommands(ctx, user.id, [
      {
        type: 'SignIn',
        data: { id: user.id, method: 'password', totpTimeStep: null, recoveryCodeHash: null },
        metadata,
      },
    ]);
    await startSession(ctx, req, res, { userId: user.id, stage: 'authenticated', remember: body.remember });
    await signedIn(user, res, result.position);
  });

  mountEndpoint(router, authEndpoints.twoFactorLogin, async (req, res, call) => {
    if (!ctx.features.twoFactor) throw new NotFoundError('No route for this call');
    const pending = (await currentSession(ctx, req, res, 'two_factor'))!;
    const body = call.body();
    const now = ctx.clock();
    const attempt = await ctx.limiter.attempt(
      res,
      now,
      guessChecks('2fa', pending.userId, clientIp(req), ctx.limits.twoFactor),
    );
    const { state } = await loadUser(ctx.eventStore, pending.userId);
    if (state.status !== 'active' || !state.twoFactor) {
      await ctx.sessions.destroy(sessionSecretOf(req)!);
      clearSessionCookie(req, res);
      throw ValidationError.at(
        '/code',
        'Two-factor authentication is off for this account: sign in again',
        'validation.invalid_code',
      );
    }
    const id = state.id;
    let data: SignIn['data'];
    if (body.recoveryCode !== undefined) {
      data = {
        id,
        method: 'recovery_code',
        totpTimeStep: null,
        recoveryCodeHash: recoveryCodeHash(body.recoveryCode),
      };
    } else if (state.twoFactor.strategy === 'totp') {
      const step = state.totpSecret ? totpStepOf(state.totpSecret, body.code!, now) : null;
      if (step === null)
        throw ValidationError.at('/code', 'This code is not valid', 'validation.invalid_code');
      data = { id, method: 'totp', totpTimeStep: step, recoveryCodeHash: null };
    } else {
      if (!pending.emailCodeHash || !sameDigest(sha256(body.code!), pending.emailCodeHash)) {
        throw ValidationError.at('/code', 'This code is not valid', 'validation.invalid_code');
      }
      data = { id, method: 'email_code', totpTimeStep: null, recoveryCodeHash: null };
    }
    const result = await runUserCommands(ctx, id, [
      { type: 'SignIn', data, metadata: authMetadata(ctx, res, id) },
    ]);
    await attempt.succeeded();
    await startSession(ctx, req, res, { userId: id, stage: 'authenticated', remember: pending.remember });
    await signedIn(state, res, result.position);
  });

  /** Ends the session (every tab shares the cookie, so every tab is signed out). */
  mountEndpoint(router, authEndpoints.logout, async (req, res) => {
    const session = await currentSession(ctx, req, res, false);
    const secret = sessionSecretOf(req);
    let position: string | undefined;
    if (session && secret) {
      await ctx.sessions.destroy(secret);
      if (session.stage === 'authenticated') {
        const metadata = authMetadata(ctx, res, session.userId, session.impersonatorId);
        const result = await runUserCommands(ctx, session.userId, [
          { type: 'SignOut', data: { id: session.userId }, metadata },
        ]).catch(() => null);
        position = result?.position.toString();
      }
    }
    clearSessionCookie(req, res);
    sendJson(res, 200, { state: 'logged_out', ...(position ? { meta: { position } } : {}) });
  });

  mountEndpoint(router, authEndpoints.socialLogin, () => {
    // the social login feature is not offered by this platform (DEFAULT_ACCOUNT_FEATURES.socialLogin = false)
    throw new NotFoundError('No route for this call');
  });
}
