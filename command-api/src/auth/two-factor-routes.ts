import type { Router } from 'express';
import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { loadUser } from '../accounts/store.ts';
import type { ActiveUser } from '@platform/contracts/accounts/user-state';
import { authMetadata, currentSession, runUserCommands, sendJson, type AuthContext } from './context.ts';
import { newRecoveryCodes, recoveryCodeHash, verifyPassword } from './passwords.ts';
import { enrolment, newTotpSecret, totpStepOf } from './totp.ts';

/**
 * Turning two-factor on and off (signed in): POST /auth/two-factor/enable { strategy } starts an authenticator
 * enrolment (secret, otpauth URL and QR code) or turns the e-mail strategy on; POST /auth/two-factor/confirm
 * { code } turns TOTP on with a first valid code; both answer the recovery codes, shown once. POST
 * /auth/two-factor/disable { password }.
 */
export function twoFactorRoutes(router: Router, ctx: AuthContext): void {
  router.use('/two-factor', (_req, _res, next) => {
    if (!ctx.features.twoFactor) throw new NotFoundError('No route for this call');
    next();
  });

  async function signedInUser(
    req: Parameters<typeof currentSession>[1],
    res: Parameters<typeof currentSession>[2],
  ) {
    const session = (await currentSession(ctx, req, res, 'authenticated'))!;
    const { state } = await loadUser(ctx.eventStore, session.userId);
    if (state.status !== 'active') throw new NotFoundError('user not found');
    return { session, user: state as ActiveUser };
  }

  function recoveryCodes() {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map(recoveryCodeHash) };
  }

  mountEndpoint(router, authEndpoints.enableTwoFactor, async (req, res, call) => {
    const { user, session } = await signedInUser(req, res);
    const body = call.body();
    if (user.twoFactor) throw new ConflictError('conflict.state', 'two-factor authentication is already on');
    const metadata = authMetadata(ctx, res, user.id, session.impersonatorId);
    if (body.strategy === 'email') {
      const { codes, hashes } = recoveryCodes();
      const result = await runUserCommands(ctx, user.id, [
        {
          type: 'EnableTwoFactor',
          data: { id: user.id, strategy: 'email', recoveryCodeHashes: hashes },
          metadata,
        },
      ]);
      sendJson(res, 200, {
        state: 'enabled',
        strategy: 'email',
        recoveryCodes: codes,
        meta: { position: result.position.toString() },
      });
      return;
    }
    const secret = newTotpSecret();
    const result = await runUserCommands(ctx, user.id, [
      { type: 'StartTwoFactorEnrolment', data: { id: user.id, secret }, metadata },
    ]);
    sendJson(res, 200, {
      state: 'confirmation_required',
      strategy: 'totp',
      ...(await enrolment(secret, user.email, ctx.appName)),
      meta: { position: result.position.toString() },
    });
  });

  mountEndpoint(router, authEndpoints.confirmTwoFactor, async (req, res, call) => {
    const { user, session } = await signedInUser(req, res);
    const body = call.body();
    if (user.twoFactor) throw new ConflictError('conflict.state', 'two-factor authentication is already on');
    if (!user.totpSecret)
      throw new ConflictError('conflict.state', 'start the authenticator enrolment first');
    // bounded per account like every guessed secret (ADR 0023); a right code gives the attempt back
    const attempt = await ctx.limiter.attempt(res, ctx.clock(), [
      { key: `2fa-enrol:account:${user.id}`, limit: ctx.limits.enrolmentCode.account },
    ]);
    if (totpStepOf(user.totpSecret, body.code, ctx.clock()) === null) {
      throw ValidationError.at(
        '/code',
        'This code is not valid: check the time on your device',
        'validation.invalid_code',
      );
    }
    await attempt.succeeded();
    const { codes, hashes } = recoveryCodes();
    const metadata = authMetadata(ctx, res, user.id, session.impersonatorId);
    const result = await runUserCommands(ctx, user.id, [
      {
        type: 'EnableTwoFactor',
        data: { id: user.id, strategy: 'totp', recoveryCodeHashes: hashes },
        metadata,
      },
    ]);
    sendJson(res, 200, {
      state: 'enabled',
      strategy: 'totp',
      recoveryCodes: codes,
      meta: { position: result.position.toString() },
    });
  });

  mountEndpoint(router, authEndpoints.disableTwoFactor, async (req, res, call) => {
    const { user, session } = await signedInUser(req, res);
    const body = call.body();
    // a session in a stranger's hands must not become a way to guess the password (ADR 0023)
    const attempt = await ctx.limiter.attempt(res, ctx.clock(), [
      { key: `password-again:account:${user.id}`, limit: ctx.limits.passwordAgain.account },
    ]);
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      throw ValidationError.at('/password', 'The password is not correct', 'validation.invalid_credentials');
    }
    await attempt.succeeded();
    const metadata = authMetadata(ctx, res, user.id, session.impersonatorId);
    const result = await runUserCommands(ctx, user.id, [
      { type: 'DisableTwoFactor', data: { id: user.id }, metadata },
    ]);
    sendJson(res, 200, { state: 'disabled', meta: { position: result.position.toString() } });
  });
}
