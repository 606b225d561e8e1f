import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useNavigation } from '../routing/router.tsx';
import { useT } from '../i18n/use-t.ts';
import { InlineLoader } from '../loading/chrome.tsx';
import type { AccountFeatures } from './documents.ts';
import { guardNavigation, ROUTES, type Requirement } from './guard.ts';
import { useSession } from './session.tsx';

/**
 * Renders a screen only when the navigation guard allows it (seed 000 §2.10), otherwise replaces the location
 * with where the guard sends the user. `feature`: the screen exists only when that account feature is on, or
 * every one of those features (a disabled feature's screens are not found, like its calls).
 */
export function Guarded({
  requirement,
  feature,
  children,
}: {
  requirement: Requirement;
  feature?: keyof AccountFeatures | ReadonlyArray<keyof AccountFeatures>;
  children: React.ReactNode;
}) {
  const session = useSession();
  const t = useT();
  const [path] = useLocation();
  const search = useSearch();
  const { navigate } = useNavigation();
  const needed = feature === undefined ? [] : typeof feature === 'string' ? [feature] : feature;
  const disabled = needed.some((f) => !session.features[f]);
  const decision = disabled
    ? ({ kind: 'redirect', to: ROUTES.notFound } as const)
    : guardNavigation({
        requirement,
        path,
        search,
        session: { status: session.status, user: session.user } as Parameters<
          typeof guardNavigation
        >[0]['session'],
        features: session.features,
      });
  const target = decision.kind === 'redirect' ? decision.to : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  if (decision.kind === 'allow') return children;
  return <InlineLoader aria-label={t('app.loading')} />;
}
