import { parseStatsCountsQuery, type StatsQueryIssue } from '@platform/contracts/stats/counts';
import { useEffect, useMemo, useState } from 'react';
import { useListQuery } from './use-list-query.ts';

/**
 * The period a statistics screen opens on: the 30 days up to today (UTC, as the records are counted). Here in the
 * kit, beside its hook, for the usage statistics' screen and the software statistics' alike: their features' entry
 * points are loaded with the first script, which must carry no request schema (ADR 0047).
 */
export function defaultPeriod(now: Date): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** What does not fit in a period (a date that does not exist, an end before the start, too long), as the API says. */
export function periodIssuesOf(period: { from: string; to: string }): StatsQueryIssue[] {
  const parsed = parseStatsCountsQuery(period, new Set());
  return 'issues' in parsed ? parsed.issues : [];
}

/**
 * The period a statistics screen shows, kept in the URL (`from`, `to`; the 30 days up to today when it names none),
 * and the fields' values: what the URL says, until an edit makes a period that does not fit yet. A change that fits
 * goes to the URL; `issues` are the fields' own, `shownIssues` those of the period the URL holds (nothing is read
 * for it then). `params` and `update` are the URL's, for a screen's other filters.
 */
export function useStatsPeriod() {
  const { params, update } = useListQuery();
  const fallback = useMemo(() => defaultPeriod(new Date()), []);
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);
  const change = (field: 'from' | 'to', value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (periodIssuesOf(next).length === 0) update({ from: next.from, to: next.to });
  };
  return {
    from,
    to,
    draft,
    issues: periodIssuesOf(draft),
    shownIssues: periodIssuesOf({ from, to }),
    change,
    params,
    update,
  };
}
