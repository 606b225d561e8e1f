import { describe, expect, it } from 'vitest';
import {
  counterChangeOf,
  HOME_STATS_COUNTERS,
  HOME_STATS_EVENT_CHANGES,
  HomeStatsDocumentSchema,
} from './home-stats.ts';

describe('home stats contract', () => {
  it('lets every counter be entered and left by some event', () => {
    for (const counter of HOME_STATS_COUNTERS) {
      const changes = Object.values(HOME_STATS_EVENT_CHANGES).filter((c) => c.counter === counter);
      expect(changes.map((c) => c.change).sort(), counter).toEqual(
        expect.arrayContaining(['enter', 'leave']),
      );
    }
  });

  it('maps the known event types and nothing else (not even Object.prototype names)', () => {
    expect(counterChangeOf('OrganizationValidated')).toEqual({
      counter: 'organizationsCount',
      change: 'enter',
    });
    expect(counterChangeOf('EqlaatProjectOpened')?.counter).toBe('accompaniedPatientsCount');
    expect(counterChangeOf('PagePublished')).toBeNull();
    expect(counterChangeOf('toString')).toBeNull();
    expect(counterChangeOf('__proto__')).toBeNull();
  });

  it('accepts the answer shape and rejects negative or fractional counts', () => {
    const data = { organizationsCount: 3, repositoryItemsCount: 0, accompaniedPatientsCount: 12 };
    expect(HomeStatsDocumentSchema.parse({ data })).toEqual({ data });
    expect(HomeStatsDocumentSchema.safeParse({ data: { ...data, organizationsCount: -1 } }).success).toBe(
      false,
    );
    expect(HomeStatsDocumentSchema.safeParse({ data: { ...data, repositoryItemsCount: 1.5 } }).success).toBe(
      false,
    );
    expect(HomeStatsDocumentSchema.safeParse({ data: { organizationsCount: 1 } }).success).toBe(false);
  });
});
