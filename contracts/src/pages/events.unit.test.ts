import { describe, expect, it } from 'vitest';
import { createEventContractRegistry } from '../registry.ts';
import { PAGE_EVENT_TYPES, pagesEventContracts, type PageEvent } from './events.ts';

const pageId = '11111111-1111-4111-8111-111111111111';
const draftPageId = '22222222-2222-4222-8222-222222222222';
const componentId = 'c0000000-0000-4000-8000-000000000001';
const at = '2024-03-01T09:30:00.000Z';
const by = 'a0000000-0000-4000-8000-000000000001';
const fields = {
  path: '/about',
  title: 'About',
  description: '',
  styles: '',
  requiresAuth: false,
  accessLevel: null,
  roles: [],
  isDefault: false,
};
const component = { componentId, name: 'title', viewId: null, position: 0, props: { title: 'About' } };

/** Each page event as version 1 stored it (who and when in the payload), and as version 2 reads it. */
const cases: Array<{ v1: Record<string, unknown>; v2: PageEvent }> = [
  {
    v1: { pageId, ...fields, createdAt: at, createdBy: by },
    v2: { type: 'AppPageCreated', data: { pageId, ...fields } },
  },
  {
    v1: { pageId, ...fields, updatedAt: at, updatedBy: by },
    v2: { type: 'AppPageUpdated', data: { pageId, ...fields } },
  },
  { v1: { pageId, deletedAt: at, deletedBy: by }, v2: { type: 'AppPageDeleted', data: { pageId } } },
  {
    v1: { pageId, ...component, at, by },
    v2: { type: 'AppPageComponentAdded', data: { pageId, ...component } },
  },
  {
    v1: { pageId, componentId, name: 'title', viewId: 'team', props: { title: 'Team' }, at, by },
    v2: {
      type: 'AppPageComponentUpdated',
      data: { pageId, componentId, name: 'title', viewId: 'team', props: { title: 'Team' } },
    },
  },
  {
    v1: { pageId, componentId, fromPosition: 0, toPosition: 2, at, by },
    v2: { type: 'AppPageComponentMoved', data: { pageId, componentId, fromPosition: 0, toPosition: 2 } },
  },
  {
    v1: { pageId, componentId, position: 1, at, by: null },
    v2: { type: 'AppPageComponentRemoved', data: { pageId, componentId, position: 1 } },
  },
  {
    v1: { pageId, draftPageId, at, by },
    v2: { type: 'AppPageDraftCreated', data: { pageId, draftPageId } },
  },
  {
    v1: {
      pageId: draftPageId,
      draftOfPageId: pageId,
      ...fields,
      components: [component],
      createdAt: at,
      createdBy: by,
    },
    v2: {
      type: 'AppPageDraftStarted',
      data: { pageId: draftPageId, draftOfPageId: pageId, ...fields, components: [component] },
    },
  },
  {
    v1: { pageId: draftPageId, draftOfPageId: pageId, publishedAt: at, publishedBy: by },
    v2: { type: 'AppPageDraftPublished', data: { pageId: draftPageId, draftOfPageId: pageId } },
  },
  {
    v1: { pageId, draftPageId, ...fields, components: [component], updatedAt: at, updatedBy: by },
    v2: { type: 'AppPageDraftApplied', data: { pageId, draftPageId, ...fields, components: [component] } },
  },
  {
    v1: { pageId, draftPageId, at, by },
    v2: { type: 'AppPageDraftDiscarded', data: { pageId, draftPageId } },
  },
];

describe('page events stored with who and when in their payload (version 1)', () => {
  const contracts = createEventContractRegistry();

  it('covers every page event, each now at version 2', () => {
    expect(cases.map((c) => c.v2.type).sort()).toEqual([...PAGE_EVENT_TYPES].sort());
    expect(pagesEventContracts.map((c) => [c.type, c.version])).toEqual(
      PAGE_EVENT_TYPES.map((type) => [type, 2]),
    );
  });

  it.each(cases)(
    'reads a version-1 $v2.type as version 2, without the recording’s who and when',
    ({ v1, v2 }) => {
      const stored = structuredClone(v1);
      const read = contracts.upcast(v2.type, stored, 1);
      expect(read).toEqual(v2.data);
      // the current contract takes the upcast payload as it is
      expect(contracts.validate(v2.type, read)).toEqual(read);
      // the stored payload itself is left as it was
      expect(stored).toEqual(v1);
    },
  );

  it('leaves a version-2 payload alone', () => {
    for (const { v2 } of cases) expect(contracts.upcast(v2.type, v2.data, 2)).toEqual(v2.data);
  });

  it('no longer takes who and when in a new payload', () => {
    const { v1, v2 } = cases[0]!;
    expect(contracts.validate(v2.type, v1)).toEqual(v2.data);
  });
});
