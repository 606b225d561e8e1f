import { describe, expect, it } from 'vitest';
import { allEventContracts } from '../registry.ts';
import { HomeStatsDocumentSchema } from './home-stats.ts';
import { counterChangeOf, HOME_STATS_EVENT_CHANGES, HOME_STATS_EVENT_TYPES } from './home-stats-events.ts';

describe('home stats contract', () => {
  it('counts only event types that a contract of the platform declares', () => {
    const declared = new Set(allEventContracts.map((c) => c.type));
    expect(HOME_STATS_EVENT_TYPES.length).toBeGreaterThan(0);
    for (const type of HOME_STATS_EVENT_TYPES) expect(declared.has(type), type).toBe(true);
  });

  it('counts a created organization, and nothing for the modules that do not exist yet', () => {
    expect(counterChangeOf('OrganizationCreated')).toEqual({
      counter: 'organizationsCount',
      change: 'enter',
    });
    const fed = new Set(Object.values(HOME_STATS_EVENT_CHANGES).map((c) => c.counter));
    expect([...fed]).toEqual(['organizationsCount']);
    expect(counterChangeOf('OrganizationUpdated')).toBeNull();
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
