/** The impersonation banner (seed 000 §2.9): the impersonated user's name and a stop action. */
export function ImpersonationBanner() {
  return null;
}
