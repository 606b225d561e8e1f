import type { AccountFeatures, SessionUser } from '../../../kit/session/documents.ts';
import { landingPath, ROUTES } from '../../../kit/session/guard.ts';

/**
 * Where a signed-in member goes once a step of the account is behind them (seed 000 §2.10 rules 3 and 7): an
 * unverified address to its verification, an account waiting for validation to the not-validated page, else
 * the landing.
 */
export function nextStepPath(
  user: Pick<SessionUser, 'roles' | 'validated' | 'emailVerified'>,
  features: Pick<AccountFeatures, 'validationRequests'>,
): string {
  if (!user.emailVerified) return ROUTES.verifyEmail;
  if (!user.validated) return ROUTES.notValidated;
  return landingPath(user, features);
}
