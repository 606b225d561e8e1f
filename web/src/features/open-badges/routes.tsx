import { Route } from 'wouter';
import { FEATURES } from '../../kit/build-info.ts';
import { Guarded } from '../../kit/session/guarded.tsx';
import { ACCOUNT_BADGES_PATH, DESK_SESSIONS_PATH } from './paths.ts';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';

const StartScreen = lazyScreen(() =>
  import('./start-screen.tsx').then((m) => ({ default: m.TrainingStartScreen })),
);
const SessionScreen = lazyScreen(() =>
  import('./session-screen.tsx').then((m) => ({ default: m.TrainingSessionScreen })),
);
const DeskSessionsScreen = lazyScreen(() =>
  import('./desk-sessions-screen.tsx').then((m) => ({ default: m.DeskSessionsScreen })),
);
const DeskSessionScreen = lazyScreen(() =>
  import('./desk-session-screen.tsx').then((m) => ({ default: m.DeskSessionScreen })),
);
const AccountBadgesScreen = lazyScreen(() =>
  import('./account-badges-screen.tsx').then((m) => ({ default: m.AccountBadgesScreen })),
);
const IssuerDeskOnly = lazyScreen(() =>
  import('./desk-sessions-screen.tsx').then((m) => ({ default: m.IssuerDeskOnly })),
);

/**
 * The open badge trainings (issue 20), only when the open badges feature is built in: a member with a verified
 * e-mail requests a training and works through it (seed 000 §2.2); the issuer's desk lists the sessions and
 * decides on them, in the admin area; the member's awarded badges are among the account's pages (seed 000 §2.1).
 */
export const openBadgeRoutes = FEATURES.openBadges ? (
  <>
    <Route path="/open-badge-trainings/start/:issuer/:badge">
      <Guarded requirement="verified">
        <StartScreen />
      </Guarded>
    </Route>
    <Route path="/open-badge-trainings/:session">
      <Guarded requirement="verified">
        <SessionScreen />
      </Guarded>
    </Route>
    <Route path={ACCOUNT_BADGES_PATH}>
      <Guarded requirement="auth">
        <AccountBadgesScreen />
      </Guarded>
    </Route>
    <Route path={DESK_SESSIONS_PATH}>
      <Guarded requirement="validated">
        <IssuerDeskOnly>
          <DeskSessionsScreen />
        </IssuerDeskOnly>
      </Guarded>
    </Route>
    <Route path={`${DESK_SESSIONS_PATH}/:session`}>
      <Guarded requirement="validated">
        <IssuerDeskOnly>
          <DeskSessionScreen />
        </IssuerDeskOnly>
      </Guarded>
    </Route>
  </>
) : null;
