/* What the statistics feature offers the back office: /admin/stats, its code (and recharts) loaded when visited. */
import { lazy } from 'react';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';

export const StatsScreen = lazyScreen(() =>
  import('./stats-screen.tsx').then((m) => ({ default: m.StatsScreen })),
);

/**
 * The statistics' charts for another feature's screens (the software statistics), loaded with recharts when first
 * drawn: a screen renders them within Suspense. Their table of the same figures is the screen's own.
 */
export const SeriesChart = lazy(() => import('./stats-charts.tsx').then((m) => ({ default: m.SeriesChart })));
export const RankChart = lazy(() => import('./stats-charts.tsx').then((m) => ({ default: m.RankChart })));
export type { RankChartProps, SeriesChartProps } from './stats-charts.tsx';

/** The layout the statistics' screens share (light: no chart code). */
export { StatsControls, StatsSections } from './stats-layout.ts';
