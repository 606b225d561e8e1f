import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';

export const SWITCH_MOUNT = '51111111-1111-4111-8111-111111111111';
export const SPOON_HOLDER = '52222222-2222-4222-8222-222222222222';
export const HIDDEN_ITEM = '53333333-3333-4333-8333-333333333333';
export const PRINTED = '61111111-1111-4111-8111-111111111111';
export const KITCHEN = '62222222-2222-4222-8222-222222222222';
export const TAG_3D = '71111111-1111-4111-8111-111111111111';
export const WORKSHOP = '81111111-1111-4111-8111-111111111111';
/** the member who wrote the spoon holder for themselves (its author is a member, not the workshop) */
export const SPOON_AUTHOR = '91111111-1111-4111-8111-111111111111';

interface FakeItem {
  id: string;
  title: string;
  description: string;
  printerSettingsDescription: string | null;
  categories: string[];
  tags: string[];
  image: string | null;
  additionalImages: string[];
  attachments: string[];
}

const ITEMS: FakeItem[] = [
  {
    id: SWITCH_MOUNT,
    title: 'Switch mount',
    description:
      '<p>A mount for a <strong>big switch</strong>. <a href="https://example.org/guide">Guide</a></p><script>alert(1)</script>',
    printerSettingsDescription: '<p>PLA, 0.2 mm layers</p>',
    categories: [PRINTED],
    tags: [TAG_3D],
    image: 'img1',
    additionalImages: ['img2'],
    attachments: ['stl1'],
  },
  {
    id: SPOON_HOLDER,
    title: 'Spoon holder',
    description: '<p>Holds a spoon for a weak grip.</p>',
    printerSettingsDescription: null,
    categories: [KITCHEN],
    tags: [],
    image: null,
    additionalImages: [],
    attachments: [],
  },
];

const FILES: Record<string, Record<string, unknown>> = {
  img1: {
    name: 'mount.jpg',
    description: 'The mount on a wheelchair',
    previewUrl: '/api/v1/services/files/img1/p.jpg',
  },
  img2: { name: 'mount-side.jpg', description: 'Side view', previewUrl: '/api/v1/services/files/img2/p.jpg' },
  stl1: { name: 'mount.stl', size: 2_400_000, url: '/api/v1/services/files/stl1/content/abc.stl' },
};

const record = (item: FakeItem) => ({
  type: 'repository-items',
  id: item.id,
  attributes: {
    title: item.title,
    description: item.description,
    printerSettingsDescription: item.printerSettingsDescription,
    publishedAt: '2026-03-02T10:00:00.000Z',
    likesCount: 2,
    hasComments: true,
    canComment: false,
    // the author as the API names it (seed 001 §3): the organization the member acted for, or the member
    author:
      item.id === SPOON_HOLDER
        ? { type: 'users', id: SPOON_AUTHOR, name: 'Noor Member' }
        : { type: 'organizations', id: WORKSHOP, name: 'Fab workshop' },
  },
  relationships: {
    image: { data: item.image ? { type: 'files', id: item.image } : null },
    additionalImages: { data: item.additionalImages.map((id) => ({ type: 'files', id })) },
    attachments: { data: item.attachments.map((id) => ({ type: 'files', id })) },
    categories: { data: item.categories.map((id) => ({ type: 'repository-categories', id })) },
    tags: { data: item.tags.map((id) => ({ type: 'tags', id })) },
    organization: { data: { type: 'organizations', id: WORKSHOP } },
  },
});

const included = [
  ...Object.entries(FILES).map(([id, attributes]) => ({ type: 'files', id, attributes })),
  { type: 'tags', id: TAG_3D, attributes: { name: '3D printing', colour: 'blue' } },
  { type: 'organizations', id: WORKSHOP, attributes: { name: 'Fab workshop', slug: 'fab-workshop' } },
  { type: 'repository-categories', id: PRINTED, attributes: { name: 'Printed aids' } },
  { type: 'repository-categories', id: KITCHEN, attributes: { name: 'Kitchen' } },
];

/**
 * The repository's reads answered like the API's contract: the list with its filters (search on the title,
 * categories, tags; `total` counts `totalOverride` items when given, to show the pager, and says it stopped
 * counting there with `totalCapped`, ADR 0045), one item by id, the
 * categories with their counts, and the exists-answer for `hidden` items; every list request is kept. The page
 * that shows the repository component is `repositoryPage` (none: null); the first `failingLists` list reads
 * fail as a server in trouble does.
 */
export function repositoryServer(
  options: {
    hidden?: string[];
    totalOverride?: number;
    totalCapped?: boolean;
    repositoryPage?: string | null;
    failingLists?: number;
  } = {},
) {
  const lists: URLSearchParams[] = [];
  let failures = options.failingLists ?? 0;
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (
      path === '/api/v1/app-page-components' &&
      request.url.searchParams.get('filter[name]') === 'repository'
    ) {
      const where = options.repositoryPage === undefined ? '/aids' : options.repositoryPage;
      const pageId = 'a0000000-0000-4000-8000-000000000009';
      return fakeJson(200, {
        data: where
          ? [
              {
                type: 'app-page-components',
                id: 'c-repository',
                relationships: { page: { data: { type: 'app-pages', id: pageId } } },
              },
            ]
          : [],
        included: where ? [{ type: 'app-pages', id: pageId, attributes: { path: where } }] : [],
        meta: { total: where ? 1 : 0 },
      });
    }
    if (path === '/api/v1/repository-items') {
      const q = request.url.searchParams;
      lists.push(q);
      if (failures > 0) {
        failures -= 1;
        return fakeJson(500, { errors: [{ status: '500', code: 'internal', detail: 'Down' }] });
      }
      const search = q.get('filter[search]')?.toLowerCase();
      const category = q.get('filter[categories]');
      const tag = q.get('filter[tags]');
      const found = ITEMS.filter(
        (i) =>
          (!search || i.title.toLowerCase().includes(search)) &&
          (!category || i.categories.includes(category)) &&
          (!tag || i.tags.includes(tag)),
      );
      return fakeJson(200, {
        data: found.map(record),
        included,
        meta: {
          total: options.totalOverride ?? found.length,
          ...(options.totalCapped ? { totalCapped: true } : {}),
        },
      });
    }
    if (path === '/api/v1/repository-categories')
      return fakeJson(200, {
        data: [
          {
            type: 'repository-categories',
            id: KITCHEN,
            attributes: { name: 'Kitchen', repositoryItemsCount: 1 },
          },
          {
            type: 'repository-categories',
            id: PRINTED,
            attributes: { name: 'Printed aids', repositoryItemsCount: 1 },
          },
        ],
        meta: { total: 2 },
      });
    const one = /^\/api\/v1\/repository-items\/([^/]+)$/.exec(path);
    if (one) {
      const found = ITEMS.find((i) => i.id === decodeURIComponent(one[1]!));
      if (!found) return fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] });
      return fakeJson(200, { data: record(found), included });
    }
    // an item the reader may not see (above their level, unpublished) exists all the same
    const exists = /^\/api\/v1\/services\/publishables\/repository-items\/([^/]+)$/.exec(path);
    if (exists) {
      const key = decodeURIComponent(exists[1]!);
      return fakeJson(200, {
        data: { type: 'repository-items', id: key, exists: (options.hidden ?? []).includes(key) },
        meta: {},
      });
    }
    return undefined;
  };
  return { handler, lists };
}
