import { Route } from 'wouter';
import { FEATURES } from '../../kit/build-info.ts';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';
import { Guarded } from '../../kit/session/guarded.tsx';
import { SOFTWARE_STATS_EVENTS_PATH, SOFTWARE_STATS_SESSIONS_PATH } from './paths.ts';

// one chunk for both screens, with recharts (the usage statistics' charts)
const EventsScreen = lazyScreen(() =>
  import('./software-stats-screen.tsx').then((m) => ({ default: m.SoftwareEventsScreen })),
);
const SessionsScreen = lazyScreen(() =>
  import('./software-stats-screen.tsx').then((m) => ({ default: m.SoftwareSessionsScreen })),
);

/**
 * The software statistics (seed 000 §2.4 admin.resources.software.stats.events and …sessions), when the software
 * feature is built in: paths of the resource back office matched before its generic screens, for the statistics'
 * readers alone (SOFTWARE_STATS_READERS: others get the unauthorized screen).
 */
export const softwareStatsAdminRoutes = FEATURES.software ? (
  <>
    <Route path={SOFTWARE_STATS_EVENTS_PATH}>
      <Guarded requirement="validated">
        <EventsScreen />
      </Guarded>
    </Route>
    <Route path={SOFTWARE_STATS_SESSIONS_PATH}>
      <Guarded requirement="validated">
        <SessionsScreen />
      </Guarded>
    </Route>
  </>
) : null;
