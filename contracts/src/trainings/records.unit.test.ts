import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { APP_ADMINS_ONLY } from '../resources/access.ts';
import { resourceCatalogue } from '../resources/catalogue.ts';
import { defineResource, isServed } from '../resources/definition.ts';
import type { ResourceState } from '../resources/state.ts';
import {
  addressResource,
  publishedResource,
  reviewProblems,
  trainingResourceResource,
  trainingResourceRequestResource,
  trainingResourceReviewResource,
  trainingResourceResources,
  trainingResourceThemeResource,
  trainingSessionResource,
  trainingsResources,
} from './records.ts';

const ID = '0a000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-06-01T12:00:00Z');
const state = (status: 'active' | 'softDeleted', publishedAt: string | null): ResourceState => ({
  status,
  id: ID,
  createdBy: null,
  attributes: { title: 'Switch access basics', publishedAt },
  relationships: {},
});

describe('the trainings’ records (issue 23)', () => {
  it('are in the catalogue, all behind the trainings feature, in their two menu groups', () => {
    const all = [...trainingResourceResources, ...trainingsResources];
    expect(all).toHaveLength(11);
    for (const definition of all) {
      expect(resourceCatalogue).toContain(definition);
      expect(definition.feature).toBe('trainings');
      expect(isServed(definition, { trainings: false })).toBe(false);
    }
    expect(new Set(trainingResourceResources.map((d) => d.menu.group))).toEqual(
      new Set(['trainingResources']),
    );
    expect(new Set(trainingsResources.map((d) => d.menu.group))).toEqual(new Set(['trainings']));
  });

  it('gives resources and requests the publication traits, and the resource its review figures', () => {
    for (const definition of [trainingResourceResource, trainingResourceRequestResource]) {
      expect(definition.traits).toMatchObject({
        publishable: true,
        publicationItem: true,
        publicationItemMembers: true,
        taggable: true,
        likable: true,
      });
      expect(definition.softDeletable).toBe(true);
      expect(definition.computed).toMatchObject({ recordsCount: 'integer', likesCount: 'integer' });
    }
    expect(trainingResourceResource.traits.publicationRequests).toBe(true);
    expect(trainingResourceResource.computed).toMatchObject({
      reviewsCount: 'integer',
      reviewsAverageRating: 'number',
    });
    expect(trainingResourceThemeResource.computed).toMatchObject({ resourcesCount: 'integer' });
    expect(trainingResourceThemeResource.counts.resourcesCount).toMatchObject({ published: true });
  });

  it('refuses recipients for a personal review and asks for them for the other objectives', () => {
    expect(reviewProblems({ objective: 'personal', recipientsCount: null })).toEqual([]);
    expect(reviewProblems({ objective: 'personal', recipientsCount: 3 })).toEqual([
      { attribute: 'recipientsCount', detail: 'A personal review has no recipients' },
    ]);
    for (const objective of ['project', 'integration', 'other']) {
      expect(reviewProblems({ objective, recipientsCount: 12 })).toEqual([]);
      expect(reviewProblems({ objective, recipientsCount: null })).toHaveLength(1);
      expect(reviewProblems({ objective, recipientsCount: null })[0]!.attribute).toBe('recipientsCount');
    }
  });

  it('rates from 1 to 5 stars, whole ones', () => {
    const rating = trainingResourceReviewResource.attributes.shape.reviewRating;
    for (const ok of [1, 3, 5]) expect(rating.safeParse(ok).success).toBe(true);
    for (const bad of [0, 6, 2.5, '4']) expect(rating.safeParse(bad).success).toBe(false);
  });

  it('reviews a published training resource only', () => {
    const target = trainingResourceResource;
    expect(publishedResource(target, state('active', '2026-01-01T00:00:00Z'), NOW)).toBeNull();
    for (const refused of [
      state('active', null),
      state('active', '2027-01-01T00:00:00Z'),
      state('softDeleted', '2026-01-01T00:00:00Z'),
    ])
      expect(publishedResource(target, refused, NOW)).toMatchObject({ code: 'validation.invalid' });
    // a missing one is the existence check's
    expect(publishedResource(target, { status: 'none' }, NOW)).toBeNull();
  });

  it('ends a session after it starts', () => {
    const check = (startAt: string, endAt: string) =>
      trainingSessionResource.invariants({ startAt, endAt }, { now: NOW, previous: null });
    expect(check('2026-07-01T09:00:00Z', '2026-07-01T17:00:00Z')).toEqual([]);
    expect(check('2026-07-01T09:00:00Z', '2026-07-01T09:00:00Z')).toEqual([
      { attribute: 'endAt', detail: 'A session ends after it starts' },
    ]);
    expect(check('2026-07-01T17:00:00+02:00', '2026-07-01T16:00:00Z')).toEqual([]);
  });

  it('checks an address’s SIRET and VAT number', () => {
    const shape = addressResource.attributes;
    const base = { fullName: 'Lab', line1: '1 rue de la Paix', postalCode: '75002', city: 'Paris' };
    expect(shape.safeParse({ ...base, siret: '73282932000074', vatNumber: 'FR44732829320' }).success).toBe(
      true,
    );
    expect(shape.safeParse({ ...base, siret: '7328' }).success).toBe(false);
    expect(shape.safeParse({ ...base, vatNumber: 'not a number' }).success).toBe(false);
  });
});

describe('an average kept by the layer', () => {
  const input = {
    type: 'test-averaged',
    singular: 'test-averaged',
    category: 'testaveraged',
    eventPrefix: 'TestAveraged',
    module: 'tests',
    menu: { group: 'application' as const, icon: 'star' },
    attributes: z.object({ name: z.string() }),
    access: APP_ADMINS_ONLY,
  };

  it('is a read-only number, and names the attribute it averages', () => {
    const averaged = defineResource({
      ...input,
      counts: { meanScore: { type: 'test-scores', via: 'parent', kind: 'average', of: 'score' } },
    });
    expect(averaged.computed.meanScore).toBe('number');
    expect(averaged.relationships.meanScore).toBeUndefined();
    expect(() =>
      defineResource({
        ...input,
        counts: { meanScore: { type: 'test-scores', via: 'parent', kind: 'average' } },
      }),
    ).toThrow(/averages/);
    expect(() =>
      defineResource({
        ...input,
        counts: { scores: { type: 'test-scores', via: 'parent', kind: 'count', of: 'score' } },
      }),
    ).toThrow(/averages/);
  });
});
