import type { StatsEventName } from '@platform/contracts/stats/records';
import { useEffect } from 'react';
import type { ApiClient } from '../api/client.ts';
import { useApi } from '../api/api-context.tsx';
import type { StatsTarget } from './send-record.ts';

export type { StatsTarget };

/** Seed 000 §4: a view is recorded 5 s after the route loads, and only if the route has not changed meanwhile. */
export const VIEW_DELAY_MS = 5_000;

/**
 * Sends one statistics record (POST /services/stats/records, ADR 0038; send-record.ts, loaded with the first). A
 * failure is ignored (seed 000 §7): the reader's page never waits for it nor hears of it.
 */
export function recordStats(api: ApiClient, event: StatsEventName, target: StatsTarget): void {
  import('./send-record.ts').then(({ sendRecord }) => sendRecord(api, event, target)).catch(() => undefined);
}

/** The route as the address bar shows it, its hash left out (a section of the same page is the same route). */
const currentRoute = () => `${window.location.pathname}${window.location.search}`;

/**
 * Records a view of `target` once it has been shown for VIEW_DELAY_MS on the same route: leaving the route (or
 * showing another target) before then records nothing. The route is compared when the time has come, not
 * followed: a screen kept on show while the next one loads must not start its wait again. Null: nothing to record.
 */
export function useRecordView(target: StatsTarget | null): void {
  const api = useApi();
  const type = target?.type ?? null;
  const id = target?.id ?? null;
  useEffect(() => {
    if (type === null || id === null) return;
    const shownOn = currentRoute();
    const timer = window.setTimeout(() => {
      if (currentRoute() === shownOn) recordStats(api, 'view', { type, id });
    }, VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [api, type, id]);
}
