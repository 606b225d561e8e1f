import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { shellEndpoints } from '../shell-endpoints.ts';
import {
  ConfirmTwoFactorRequestSchema,
  DisableTwoFactorRequestSchema,
  EnableTwoFactorRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  TwoFactorLoginRequestSchema,
  VerifyEmailRequestSchema,
} from './requests.ts';

const root = '/auth';

/**
 * The accounts' calls under /auth (seed 000 §7; command-api/src/auth): plain JSON bodies, answered with a state
 * (`authenticated`, `two_factor_required`, `logged_out`, ...). Impersonation is a command under /api/v1.
 */
export const authEndpoints = {
  login: defineEndpoint({ method: 'POST', root, path: '/login', body: LoginRequestSchema }),
  twoFactorLogin: defineEndpoint({
    method: 'POST',
    root,
    path: '/two-factor/login',
    body: TwoFactorLoginRequestSchema,
  }),
  logout: shellEndpoints.logout,
  /** not offered by this platform: 404 while the social login feature is off */
  socialLogin: defineEndpoint({ method: 'POST', root, path: '/social/:provider/login' }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    root,
    path: '/password/forgot',
    body: ForgotPasswordRequestSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    root,
    path: '/password/reset',
    body: ResetPasswordRequestSchema,
  }),
  register: defineEndpoint({ method: 'POST', root, path: '/register', body: RegisterRequestSchema }),
  verifyEmail: defineEndpoint({
    method: 'POST',
    root,
    path: '/email/verify',
    body: VerifyEmailRequestSchema,
  }),
  verificationNotification: defineEndpoint({
    method: 'POST',
    root,
    path: '/email/verification-notification',
  }),
  enableTwoFactor: defineEndpoint({
    method: 'POST',
    root,
    path: '/two-factor/enable',
    body: EnableTwoFactorRequestSchema,
  }),
  confirmTwoFactor: defineEndpoint({
    method: 'POST',
    root,
    path: '/two-factor/confirm',
    body: ConfirmTwoFactorRequestSchema,
  }),
  disableTwoFactor: defineEndpoint({
    method: 'POST',
    root,
    path: '/two-factor/disable',
    body: DisableTwoFactorRequestSchema,
  }),

  /** an administrator acts as a member (the session rotates); 200 with the user */
  impersonate: defineEndpoint({ method: 'POST', path: '/services/users/:id/impersonate' }),
  stopImpersonating: shellEndpoints.stopImpersonating,
} satisfies Record<string, AnyEndpoint>;
