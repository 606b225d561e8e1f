import { describe, expect, it } from 'vitest';
import { allEventContracts } from '../registry.ts';
import { HomeStatsDocumentSchema } from './home-stats.ts';
import { eqlaatProjectResource } from '../eqlaat/records.ts';
import type { ResourceEvent } from '../resources/definition.ts';
import {
  counterChangeOf,
  HOME_STATS_EVENT_CHANGES,
  HOME_STATS_EVENT_TYPES,
  HOME_STATS_RECORD_COUNTERS,
  isCounted,
  nextCountedRecord,
  type CountedRecord,
} from './home-stats-events.ts';

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

  it('counts the live eqlaat projects as accompanied patients, with no publication to wait for', () => {
    const counter = HOME_STATS_RECORD_COUNTERS.find((c) => c.counter === 'accompaniedPatientsCount')!;
    expect(counter).toMatchObject({ definition: eqlaatProjectResource, published: false });
    const { events } = eqlaatProjectResource;
    for (const type of Object.values(events)) expect(HOME_STATS_EVENT_TYPES).toContain(type);
    const id = 'a-project';
    const run = (...changes: ResourceEvent[]) => {
      let record: CountedRecord | null = null;
      const counted: boolean[] = [];
      for (const change of changes) {
        record = nextCountedRecord(counter, record, change);
        counted.push(isCounted(record));
      }
      return counted;
    };
    const created: ResourceEvent = {
      type: events.created,
      kind: 'created',
      data: { id, attributes: { title: 'Bathroom access' }, relationships: {} },
    };
    // no publishedAt, at its creation or after: a live project counts, whatever its updates say
    expect(
      run(
        created,
        {
          type: events.updated,
          kind: 'updated',
          data: { id, attributes: { title: 'Shower access' }, relationships: {} },
        },
        {
          type: events.updated,
          kind: 'updated',
          data: { id, attributes: { publishedAt: null }, relationships: {} },
        },
      ),
    ).toEqual([true, true, true]);
    expect(
      run(
        created,
        { type: events.softDeleted, kind: 'softDeleted', data: { id } },
        { type: events.restored, kind: 'restored', data: { id } },
        { type: events.deleted, kind: 'deleted', data: { id } },
      ),
    ).toEqual([true, false, true, false]);
    // a change of a project the counter never saw created counts nothing
    expect(run({ type: events.restored, kind: 'restored', data: { id } })).toEqual([false]);
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
