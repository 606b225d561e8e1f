import { z } from 'zod/v4';
import { LOCALES } from '../enums.ts';
import { EmailSchema } from '../accounts/emails.ts';
import { TWO_FACTOR_STRATEGIES } from '../accounts/reference.ts';

/**
 * Bodies and answers of the /auth calls (seed 000 §7). They are plain JSON (not JSON:API resources); a field
 * error's source.pointer names the member, e.g. /email.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256)
  .refine((v) => v.trim().length > 0, 'must not be blank');

export const LoginRequestSchema = z
  .object({
    email: z.string().max(254),
    password: z.string().min(1).max(256),
    remember: z.boolean().default(false),
  })
  .strict();

export const TwoFactorLoginRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6,8}$/, 'must be the 6-digit code')
      .optional(),
    recoveryCode: z.string().trim().min(8).max(64).optional(),
  })
  .strict()
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: 'send either code or recoveryCode',
    path: ['code'],
  });

export const ForgotPasswordRequestSchema = z.object({ email: z.string().max(254) }).strict();

export const ResetPasswordRequestSchema = z
  .object({
    token: z.string().min(1).max(200),
    email: z.string().max(254),
    password: PasswordSchema,
    passwordConfirmation: z.string().max(256),
  })
  .strict()
  .refine((v) => v.password === v.passwordConfirmation, {
    message: 'must match the password',
    path: ['passwordConfirmation'],
  });

export const RegisterRequestSchema = z
  .object({
    firstName: z.string().trim().min(1).max(255),
    lastName: z.string().trim().min(1).max(255),
    email: EmailSchema,
    password: PasswordSchema,
    passwordConfirmation: z.string().max(256),
    locale: z.enum(LOCALES).optional(),
    timezone: z.string().max(64).optional(),
  })
  .strict()
  .refine((v) => v.password === v.passwordConfirmation, {
    message: 'must match the password',
    path: ['passwordConfirmation'],
  });

export const VerifyEmailRequestSchema = z
  .object({
    id: z.string().max(64),
    hash: z.string().max(128),
    expires: z.union([z.string(), z.number()]).transform(String),
    signature: z.string().max(128),
  })
  .strict();

export const EnableTwoFactorRequestSchema = z.object({ strategy: z.enum(TWO_FACTOR_STRATEGIES) }).strict();
export const ConfirmTwoFactorRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'must be the 6-digit code'),
  })
  .strict();
export const DisableTwoFactorRequestSchema = z.object({ password: z.string().min(1).max(256) }).strict();

/** The answer of POST /auth/login, /auth/register and /auth/two-factor/login (seed 000 §4). */
export type AuthState =
  | { state: 'authenticated'; redirectTo: 'admin.dashboard' | 'account.profile' }
  | { state: 'two_factor_required'; strategy: (typeof TWO_FACTOR_STRATEGIES)[number] }
  | { state: 'registration_required'; provider: string; data: Record<string, unknown> };

/**
 * Where to land after login (seed 000 §2.10 rule 7): the dashboard for users with a role (or, when
 * validation requests are on, for validated users), otherwise the profile.
 */
export function landingAfterLogin(
  user: { roles: readonly string[]; validated: boolean },
  features: { validationRequests: boolean },
): 'admin.dashboard' | 'account.profile' {
  if (user.roles.length > 0) return 'admin.dashboard';
  if (features.validationRequests && user.validated) return 'admin.dashboard';
  return 'account.profile';
}
