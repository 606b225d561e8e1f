/* What the statistics feature offers the back office: /admin/stats, its code (and recharts) loaded when visited. */
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';

export const StatsScreen = lazyScreen(() =>
  import('./stats-screen.tsx').then((m) => ({ default: m.StatsScreen })),
);
