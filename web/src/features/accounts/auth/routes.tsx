import { Route } from 'wouter';
import { Guarded } from '../../../kit/session/guarded.tsx';
import { lazyScreen } from '../../../kit/lazy/lazy-screen.ts';

// each screen is its own chunk, loaded when first visited (seed 000 §7)
const loadSignIn = () => import('./sign-in.tsx');
const loadRegister = () => import('./register.tsx');
const loadForgotPassword = () => import('./forgot-password.tsx');
const SignInScreen = lazyScreen(() => loadSignIn().then((m) => ({ default: m.SignInScreen })));
const RegisterScreen = lazyScreen(() => loadRegister().then((m) => ({ default: m.RegisterScreen })));
const ForgotPasswordScreen = lazyScreen(() =>
  loadForgotPassword().then((m) => ({ default: m.ForgotPasswordScreen })),
);

/**
 * Opened on one of the guest screens, the page starts loading its code with the boot reads (main.tsx), rather
 * than once the shell has rendered (issue 10).
 */
export function preloadAuthScreen(path: string): void {
  const loaders: Record<string, () => Promise<unknown>> = {
    '/auth/sign-in': loadSignIn,
    '/auth/register': loadRegister,
    '/auth/password/forgot': loadForgotPassword,
  };
  void loaders[path]?.().catch(() => undefined);
}
const ResetPasswordScreen = lazyScreen(() =>
  import('./reset-password.tsx').then((m) => ({ default: m.ResetPasswordScreen })),
);
const VerifyEmailScreen = lazyScreen(() =>
  import('./verify-email.tsx').then((m) => ({ default: m.VerifyEmailScreen })),
);
const VerifyEmailLinkScreen = lazyScreen(() =>
  import('./verify-email-link.tsx').then((m) => ({ default: m.VerifyEmailLinkScreen })),
);
const NotValidatedScreen = lazyScreen(() =>
  import('./not-validated.tsx').then((m) => ({ default: m.NotValidatedScreen })),
);

/**
 * The authentication screens of seed 000 §2.5 (sign-in, register, forgot, reset, e-mail verification,
 * not-validated), each a <Route> wrapped in <Guarded>; AppRoutes places them before the CMS catch-all.
 */
export const authRoutes = (
  <>
    <Route path="/auth/sign-in">
      <Guarded requirement="guest">
        <SignInScreen />
      </Guarded>
    </Route>
    <Route path="/auth/register">
      <Guarded requirement="guest" feature="register">
        <RegisterScreen />
      </Guarded>
    </Route>
    <Route path="/auth/password/forgot">
      <Guarded requirement="guest">
        <ForgotPasswordScreen />
      </Guarded>
    </Route>
    <Route path="/auth/password/reset/:token/:email">
      {(params: { token: string; email: string }) => (
        <Guarded requirement="guest">
          <ResetPasswordScreen token={params.token} email={params.email} />
        </Guarded>
      )}
    </Route>
    <Route path="/auth/email/verify">
      <Guarded requirement="auth">
        <VerifyEmailScreen />
      </Guarded>
    </Route>
    <Route path="/auth/email/verify/expired">
      <Guarded requirement="auth">
        <VerifyEmailScreen expired />
      </Guarded>
    </Route>
    <Route path="/auth/email/verify/:id/:hash">
      {(params: { id: string; hash: string }) => (
        <Guarded requirement="auth">
          <VerifyEmailLinkScreen id={params.id} hash={params.hash} />
        </Guarded>
      )}
    </Route>
    <Route path="/auth/not-validated">
      <Guarded requirement="auth">
        <NotValidatedScreen />
      </Guarded>
    </Route>
  </>
);
