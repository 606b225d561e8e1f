import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { APP_ADMINS, APP_ADMINS_ONLY } from './access.ts';
import {
  ALL_RESOURCE_FEATURES,
  defineResource,
  isServed,
  PUBLICATION_REQUEST_EVENTS,
  RESOURCE_FEATURES,
  switchedOffType,
} from './definition.ts';

const plain = defineResource({
  type: 'test-plains',
  singular: 'test-plain',
  category: 'testplain',
  eventPrefix: 'TestPlain',
  module: 'tests',
  menu: { group: 'application', icon: 'article' },
  attributes: z.object({ name: z.string() }),
  access: APP_ADMINS_ONLY,
});
const gated = defineResource({
  type: 'test-gated',
  singular: 'test-gated',
  category: 'testgated',
  eventPrefix: 'TestGated',
  module: 'tests',
  feature: 'rental',
  menu: { group: 'rental', icon: 'article' },
  attributes: z.object({ name: z.string() }),
  access: APP_ADMINS_ONLY,
});
const catalogue = [plain, gated];

describe('a resource behind a feature', () => {
  it('is served unless its feature is off; a type of no feature always is', () => {
    expect(plain.feature).toBeNull();
    expect(gated.feature).toBe('rental');
    expect(isServed(gated, { rental: true })).toBe(true);
    expect(isServed(gated, {})).toBe(true);
    expect(isServed(gated, { rental: false })).toBe(false);
    expect(isServed(plain, { rental: false })).toBe(true);
  });

  it('names the switched-off type of a path: its records, their history, their existence', () => {
    const off = { rental: false };
    for (const path of [
      '/test-gated',
      '/test-gated/',
      '/test-gated/abc',
      '/test-gated/abc/history/3',
      '/test-gated/abc/soft-delete',
      '/services/publishables/test-gated/abc',
    ])
      expect(switchedOffType(path, catalogue, off), path).toBe('test-gated');
    for (const path of [
      '/',
      '/test-plains/abc',
      '/services/publishables/test-plains/abc',
      '/test-gatedx',
      '/services',
    ])
      expect(switchedOffType(path, catalogue, off), path).toBeNull();
    expect(switchedOffType('/test-gated/abc', catalogue, { rental: true })).toBeNull();
  });
});

const publication = defineResource({
  type: 'test-publications',
  singular: 'test-publication',
  category: 'testpublication',
  eventPrefix: 'TestPublication',
  module: 'tests',
  feature: 'articles',
  menu: { group: 'articles', icon: 'article' },
  attributes: z.object({ title: z.string(), startAt: z.string().datetime(), endAt: z.string().datetime() }),
  relationships: { layout: { type: 'article-layouts', default: 'pagination' } },
  traits: { publishable: { publishedBy: APP_ADMINS }, publicationItem: { requests: true } },
  listFilters: { between: { kind: 'overlaps', start: 'startAt', end: 'endAt' } },
  search: ['title'],
  searchMode: 'fullText',
  counts: {
    childrenCount: { type: 'test-plains', via: 'parent', kind: 'count', published: true },
    latestChild: { type: 'test-plains', via: 'parent', kind: 'latest' },
  },
  defaultSort: { field: 'publishedAt', direction: 'desc' },
  access: APP_ADMINS_ONLY,
});

describe('the publications’ declarations (issue 21)', () => {
  it('lets only the publishers set the publication’s date and level (publishable { publishedBy })', () => {
    expect(publication.traits.publishable).toBe(true);
    expect(publication.fieldAccess.publishedAt).toEqual({ read: 'everyone', write: APP_ADMINS });
    expect(publication.relationshipAccess.accessLevel).toEqual({ read: 'everyone', write: APP_ADMINS });
    // a plain publishable type leaves both open to those who update the record
    const plainPublishable = defineResource({
      ...inputOf('test-open'),
      traits: { publishable: true },
    });
    expect(plainPublishable.fieldAccess.publishedAt).toBeUndefined();
    expect(plainPublishable.relationshipAccess.accessLevel).toBeUndefined();
  });

  it('gives a publication item with requests its organizations, counts, pending request and workflow events', () => {
    expect(publication.traits).toMatchObject({
      publicationItem: true,
      publicationItemMembers: true,
      publicationRequests: true,
    });
    expect(publication.relationships.associatedOrganizations).toEqual({ type: 'organizations', many: true });
    expect(publication.relationships.organization).toEqual({ type: 'organizations' });
    expect(publication.computed).toMatchObject({
      recordsCount: 'integer',
      pendingPublicationRequest: 'json',
    });
    expect(publication.workflowEvents?.types).toEqual(Object.values(PUBLICATION_REQUEST_EVENTS));
    expect(publication.workflowEvents?.kind('PublicationRequestSubmitted')).toBe('publicationRequested');
    expect(publication.workflowEvents?.kind('PublicationRequestRefused')).toBe('publicationRefused');
    expect(
      publication.workflowEvents?.fields({
        type: 'PublicationRequestRefused',
        data: { refuseReason: 'Not yet' },
      }),
    ).toEqual({ 'publicationRequest.status': 'refused', 'publicationRequest.refuseReason': 'Not yet' });
    // `publicationItem: true` stays what it was (files, open badges): organization and flags only
    const plain = defineResource({ ...inputOf('test-item'), traits: { publicationItem: true } });
    expect(plain.relationships.associatedOrganizations).toBeUndefined();
    expect(plain.computed).toEqual({});
    expect(plain.workflowEvents).toBeNull();
  });

  it('keeps the other declarations as data for the layer: defaults, overlaps, full text, counts', () => {
    expect(publication.relationships.layout!.default).toBe('pagination');
    expect(publication.listFilters.between).toEqual({ kind: 'overlaps', start: 'startAt', end: 'endAt' });
    expect(publication.searchMode).toBe('fullText');
    expect(plain.searchMode).toBe('substring');
    expect(publication.computed.childrenCount).toBe('integer');
    expect(publication.relationships.latestChild).toEqual({ type: 'test-plains', readOnly: true });
    expect(publication.defaultSort).toEqual({ field: 'publishedAt', direction: 'desc' });
    expect(plain.viewerFlags).toBe(false);
    expect(plain.historyVia).toBeNull();
  });

  it('refuses declarations that name nothing or cannot hold', () => {
    const bad = (extra: object) => () => defineResource({ ...inputOf('test-bad'), ...extra } as never);
    expect(bad({ listFilters: { between: { kind: 'overlaps', start: 'name', end: 'name' } } })).toThrow(
      /list filter between/,
    );
    expect(bad({ relationships: { parts: { type: 'test-plains', many: true, default: 'x' } } })).toThrow(
      /has a default/,
    );
    expect(bad({ searchMode: 'fullText' })).toThrow(/full-text/);
    expect(bad({ counts: { name: { type: 'test-plains', via: 'parent', kind: 'count' } } })).toThrow(
      /the count name/,
    );
    expect(bad({ defaultSort: { field: 'publishedAt', direction: 'desc' } })).toThrow(/publishable/);
    expect(bad({ historyVia: { relationship: 'nothing', belongs: () => true } })).toThrow(/historyVia/);
    expect(
      bad({
        traits: { publishable: { publishedBy: APP_ADMINS } },
        relationshipAccess: { accessLevel: { write: 'everyone' } },
      }),
    ).toThrow(/publishedBy/);
  });

  it('serves every new feature by default and switches each one off on its own', () => {
    for (const feature of [
      'articles',
      'forum',
      'repository',
      'calendar',
      'comments',
      'likes',
      'trainings',
    ] as const) {
      expect(RESOURCE_FEATURES).toContain(feature);
      expect(ALL_RESOURCE_FEATURES[feature]).toBe(true);
    }
    expect(isServed(publication, { articles: false })).toBe(false);
    expect(isServed(publication, { forum: false })).toBe(true);
    expect(switchedOffType('/test-publications/abc', [publication], { articles: false })).toBe(
      'test-publications',
    );
  });
});

function inputOf(type: string) {
  return {
    type,
    singular: type,
    category: type.replace(/-/g, ''),
    eventPrefix: 'TestInput',
    module: 'tests',
    menu: { group: 'application' as const, icon: 'article' },
    attributes: z.object({ name: z.string() }),
    access: APP_ADMINS_ONLY,
  };
}
