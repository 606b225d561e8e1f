import { useEffect, useState } from 'react';
import { Route, useLocation } from 'wouter';
import { useNavigation } from '../../../kit/routing/router.tsx';
import { ROUTES } from '../../../kit/session/guard.ts';
import { Guarded } from '../../../kit/session/guarded.tsx';
import { markLoadShown, startsAtChallenge } from './entry.ts';
import type { TwoFactorStrategy } from './two-factor-sign-in.machine.ts';
import { lazyScreen } from '../../../kit/lazy/lazy-screen.ts';

const TwoFactorScreen = lazyScreen(() =>
  import('./two-factor-screen.tsx').then((m) => ({ default: m.TwoFactorScreen })),
);

const STRATEGIES: readonly string[] = ['totp', 'email'] satisfies TwoFactorStrategy[];

function NotAStrategy() {
  const { navigate } = useNavigation();
  useEffect(() => navigate(ROUTES.notFound, { replace: true }), [navigate]);
  return null;
}

function TwoFactorRoute({ strategy }: { strategy: string }) {
  // decided once: a sign-in is waiting for its code when the sign-in screen sent the user here
  const [path] = useLocation();
  const [initial] = useState<'challenge' | 'credentials'>(() =>
    startsAtChallenge(path) ? 'challenge' : 'credentials',
  );
  useEffect(() => {
    if (initial === 'credentials') markLoadShown();
  }, [initial]);
  if (!STRATEGIES.includes(strategy)) return <NotAStrategy />;
  return (
    <Guarded requirement="guest" feature="twoFactor">
      <TwoFactorScreen key={strategy} strategy={strategy as TwoFactorStrategy} initial={initial} />
    </Guarded>
  );
}

/** The two-factor sign-in screen /auth/two-factor/{strategy} (seed 000 §2.5), wrapped in <Guarded>. */
export const twoFactorRoutes = (
  <Route path="/auth/two-factor/:strategy">
    {(params: { strategy: string }) => <TwoFactorRoute strategy={params.strategy} />}
  </Route>
);
