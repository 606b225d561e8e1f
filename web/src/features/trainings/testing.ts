import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';

export const SWITCH_VIDEO = 'a1111111-1111-4111-8111-111111111111';
export const GAZE_GUIDE = 'a2222222-2222-4222-8222-222222222222';
export const SWITCH_THEME = 'b1111111-1111-4111-8111-111111111111';
export const GAZE_THEME = 'b2222222-2222-4222-8222-222222222222';
export const VIDEO_TYPE = 'c1111111-1111-4111-8111-111111111111';
export const GAZE_REQUEST = 'd1111111-1111-4111-8111-111111111111';
export const FIRST_REVIEW = 'e1111111-1111-4111-8111-111111111111';
export const TAG_BEGINNERS = 'f1111111-1111-4111-8111-111111111111';

interface FakeReview {
  id: string;
  resource: string;
  objective: string;
  recipientsCount: number | null;
  reviewRating: number;
  reviewComment: string | null;
  authorName: string;
  /** the file sent with it (an id; the fake names it `<id>.pdf`) */
  file?: string | null;
}

interface FakeResource {
  id: string;
  title: string;
  description: string;
  themes: string[];
  type: string | null;
  tags: string[];
  files: string[];
  image: string | null;
  originalRequests: string[];
  originalResources: string[];
}

const RESOURCES: FakeResource[] = [
  {
    id: SWITCH_VIDEO,
    title: 'Setting up a first switch',
    description: '<p>A ten-minute <strong>video</strong>.</p>',
    themes: [SWITCH_THEME],
    type: VIDEO_TYPE,
    tags: [TAG_BEGINNERS],
    files: ['pdf1'],
    image: 'img1',
    originalRequests: [GAZE_REQUEST],
    originalResources: [GAZE_GUIDE],
  },
  {
    id: GAZE_GUIDE,
    title: 'Calibrating an eye-gaze device',
    description: '<p>A step-by-step guide.</p>',
    themes: [GAZE_THEME],
    type: null,
    tags: [],
    files: [],
    image: null,
    originalRequests: [],
    originalResources: [],
  },
];

const INCLUDED = [
  { type: 'training-resource-themes', id: SWITCH_THEME, attributes: { name: 'Switch access' } },
  { type: 'training-resource-themes', id: GAZE_THEME, attributes: { name: 'Eye gaze' } },
  { type: 'training-resource-types', id: VIDEO_TYPE, attributes: { name: 'Video tutorial' } },
  { type: 'tags', id: TAG_BEGINNERS, attributes: { name: 'Beginners', colour: 'green' } },
  { type: 'training-resource-requests', id: GAZE_REQUEST, attributes: { title: 'Eye-gaze games' } },
  { type: 'training-resources', id: GAZE_GUIDE, attributes: { title: 'Calibrating an eye-gaze device' } },
  {
    type: 'files',
    id: 'img1',
    attributes: { name: 'switch.jpg', description: 'A switch on a tray', previewUrl: '/files/img1.jpg' },
  },
  {
    type: 'files',
    id: 'pdf1',
    attributes: { name: 'checklist.pdf', size: 120_000, url: '/api/v1/services/files/pdf1/content/x.pdf' },
  },
];

export const CLASS_TRAINING = '71111111-1111-4111-8111-111111111111';
const trainingRecord = {
  type: 'trainings',
  id: CLASS_TRAINING,
  attributes: {
    title: 'Communication boards in class',
    description: '<p>Two days in class.</p>',
    publishedAt: '2026-03-01T10:00:00.000Z',
    sessionsCount: 2,
  },
  relationships: {
    image: { data: null },
    trainingCategory: { data: { type: 'training-categories', id: 'cat1' } },
    trainingLevel: { data: { type: 'training-levels', id: 'lvl1' } },
    trainingType: { data: null },
  },
};
const TRAINING_INCLUDED = [
  { type: 'training-categories', id: 'cat1', attributes: { name: 'Alternative communication' } },
  { type: 'training-levels', id: 'lvl1', attributes: { name: 'Beginner' } },
];
const session = (id: string, startAt: string, endAt: string, address: string | null) => ({
  type: 'training-sessions',
  id,
  attributes: { startAt, endAt },
  relationships: {
    training: { data: { type: 'trainings', id: CLASS_TRAINING } },
    address: { data: address ? { type: 'addresses', id: address } : null },
  },
});

export interface TrainingsServerOptions {
  /** the next review write is refused with this 422 issue */
  refuseReview?: { pointer: string; detail: string };
  /** the page that shows the requests component (none: null) */
  requestsPage?: string | null;
}

/**
 * The trainings' reads and the review write answered as the layer does: the resources list with its filters (search
 * on the title, themes, resourceType, tags), one resource with its reviews' count and average computed from the
 * reviews it holds, the reviews by resource, the themes with their counts and the types; a review write adds a
 * review and answers its position. Every list request and every write is kept.
 */
export function trainingsServer(options: TrainingsServerOptions = {}) {
  const lists: URLSearchParams[] = [];
  const reads: URLSearchParams[] = [];
  const writes: unknown[] = [];
  let position = 100;
  let refusal = options.refuseReview ?? null;
  const reviews: FakeReview[] = [
    {
      id: FIRST_REVIEW,
      resource: SWITCH_VIDEO,
      objective: 'project',
      recipientsCount: 6,
      reviewRating: 5,
      reviewComment: 'Clear and short.',
      authorName: 'Noor Member',
    },
    {
      id: 'e2222222-2222-4222-8222-222222222222',
      resource: SWITCH_VIDEO,
      objective: 'personal',
      recipientsCount: null,
      reviewRating: 4,
      reviewComment: null,
      authorName: 'Sam Reader',
    },
  ];
  const requests: Array<{ id: string; title: string; otherTheme: string | null }> = [
    { id: GAZE_REQUEST, title: 'Eye-gaze games', otherTheme: null },
  ];
  const requestRecord = (r: { id: string; title: string; otherTheme: string | null }) => ({
    type: 'training-resource-requests',
    id: r.id,
    attributes: {
      title: r.title,
      description: '<p>Simple games for young children.</p>',
      inspirationUrl: r.id === GAZE_REQUEST ? 'https://example.org/games' : null,
      otherTheme: r.otherTheme,
      otherResourceType: null,
      publishedAt: '2026-03-05T10:00:00.000Z',
      author: { type: 'users', id: 'u8', name: 'Sam Reader' },
    },
    relationships: {
      themes: { data: r.id === GAZE_REQUEST ? [{ type: 'training-resource-themes', id: GAZE_THEME }] : [] },
      resourceType: { data: null },
      extendedResources: {
        data: r.id === GAZE_REQUEST ? [{ type: 'training-resources', id: GAZE_GUIDE }] : [],
      },
    },
  });
  const record = (r: FakeResource) => {
    const own = reviews.filter((x) => x.resource === r.id);
    return {
      type: 'training-resources',
      id: r.id,
      attributes: {
        title: r.title,
        description: r.description,
        externalUrl: r.id === SWITCH_VIDEO ? 'https://example.org/switch' : null,
        originalAuthors: r.id === SWITCH_VIDEO ? 'The therapists' : null,
        licenseId: r.id === SWITCH_VIDEO ? 'CC-BY-SA-4.0' : null,
        usageNotes: r.id === SWITCH_VIDEO ? '<p>Watch it with the learner.</p>' : null,
        publishedAt: '2026-03-02T10:00:00.000Z',
        reviewsCount: own.length,
        reviewsAverageRating: own.length
          ? own.reduce((sum, x) => sum + x.reviewRating, 0) / own.length
          : null,
        likesCount: 0,
        author: { type: 'users', id: 'u9', name: 'Edith Editor' },
      },
      relationships: {
        image: { data: r.image ? { type: 'files', id: r.image } : null },
        files: { data: r.files.map((id) => ({ type: 'files', id })) },
        themes: { data: r.themes.map((id) => ({ type: 'training-resource-themes', id })) },
        resourceType: { data: r.type ? { type: 'training-resource-types', id: r.type } : null },
        tags: { data: r.tags.map((id) => ({ type: 'tags', id })) },
        originalRequests: {
          data: r.originalRequests.map((id) => ({ type: 'training-resource-requests', id })),
        },
        originalResources: { data: r.originalResources.map((id) => ({ type: 'training-resources', id })) },
      },
    };
  };
  const reviewRecord = (x: FakeReview) => ({
    type: 'training-resource-reviews',
    id: x.id,
    attributes: {
      objective: x.objective,
      objectiveComment: null,
      recipientsCount: x.recipientsCount,
      reviewRating: x.reviewRating,
      reviewComment: x.reviewComment,
      reviewedAt: '2026-03-10T10:00:00.000Z',
      authorName: x.authorName,
    },
    relationships: {
      resource: { data: { type: 'training-resources', id: x.resource } },
      ...(x.file ? { file: { data: { type: 'files', id: x.file } } } : {}),
    },
  });
  /** the files the reviews name, as a list's `included` gives them */
  const reviewFiles = (found: FakeReview[]) =>
    found.flatMap((x) =>
      x.file
        ? [
            {
              type: 'files',
              id: x.file,
              attributes: {
                name: `${x.file}.pdf`,
                url: `/api/v1/services/files/${x.file}/content/${'c'.repeat(64)}.pdf`,
                size: 14,
                mimeType: 'application/pdf',
              },
            },
          ]
        : [],
    );

  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    const q = request.url.searchParams;
    const component = q.get('filter[name]');
    if (
      path === '/api/v1/app-page-components' &&
      (component === 'training-resource-requests' || component === 'training-resources')
    ) {
      const where =
        component === 'training-resources'
          ? '/learn'
          : options.requestsPage === undefined
            ? '/requests'
            : options.requestsPage;
      const pageId = 'a0000000-0000-4000-8000-00000000000a';
      return fakeJson(200, {
        data: where
          ? [
              {
                type: 'app-page-components',
                id: 'c-requests',
                relationships: { page: { data: { type: 'app-pages', id: pageId } } },
              },
            ]
          : [],
        included: where ? [{ type: 'app-pages', id: pageId, attributes: { path: where } }] : [],
        meta: { total: where ? 1 : 0 },
      });
    }
    if (path === '/api/v1/training-resources' && request.method === 'GET') {
      lists.push(q);
      const search = q.get('filter[search]')?.toLowerCase();
      const theme = q.get('filter[themes]');
      const type = q.get('filter[resourceType]');
      const tag = q.get('filter[tags]');
      const found = RESOURCES.filter(
        (r) =>
          (!search || r.title.toLowerCase().includes(search)) &&
          (!theme || r.themes.includes(theme)) &&
          (!type || r.type === type) &&
          (!tag || r.tags.includes(tag)),
      );
      return fakeJson(200, { data: found.map(record), included: INCLUDED, meta: { total: found.length } });
    }
    const one = /^\/api\/v1\/training-resources\/([^/]+)$/.exec(path);
    if (one) {
      reads.push(q);
      const found = RESOURCES.find((r) => r.id === decodeURIComponent(one[1]!));
      if (!found) return fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] });
      return fakeJson(200, { data: record(found), included: INCLUDED });
    }
    if (path === '/api/v1/training-resource-reviews' && request.method === 'GET') {
      reads.push(q);
      const resource = q.get('filter[resource]');
      const kept = reviews.filter((x) => x.resource === resource);
      const found = kept.map(reviewRecord);
      return fakeJson(200, { data: found, included: reviewFiles(kept), meta: { total: found.length } });
    }
    const review = /^\/api\/v1\/training-resource-reviews\/([^/]+)$/.exec(path);
    if (review) {
      const found = reviews.find((x) => x.id === decodeURIComponent(review[1]!));
      if (!found) return fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] });
      return fakeJson(200, { data: reviewRecord(found) });
    }
    if (path === '/api/v1/training-resource-reviews' && request.method === 'POST') {
      writes.push(request.body);
      if (refusal) {
        const { pointer, detail } = refusal;
        refusal = null;
        return fakeJson(422, {
          errors: [{ status: '422', code: 'validation.invalid', detail, source: { pointer } }],
        });
      }
      const data = (request.body as { data: { attributes: Record<string, unknown> } }).data;
      const id = `e9999999-9999-4999-8999-99999999999${reviews.length}`;
      reviews.unshift({
        id,
        resource: SWITCH_VIDEO,
        objective: String(data.attributes.objective),
        recipientsCount: (data.attributes.recipientsCount as number | null) ?? null,
        reviewRating: Number(data.attributes.reviewRating),
        reviewComment: (data.attributes.reviewComment as string | null) ?? null,
        authorName: 'Ada Lovelace',
        file:
          (request.body as { data: { relationships?: { file?: { data: { id: string } } } } }).data
            .relationships?.file?.data.id ?? null,
      });
      position += 1;
      return fakeJson(201, {
        data: { type: 'training-resource-reviews', id },
        meta: { position: String(position) },
      });
    }
    if (path === '/api/v1/training-resource-themes')
      return fakeJson(200, {
        data: [
          {
            type: 'training-resource-themes',
            id: GAZE_THEME,
            attributes: { name: 'Eye gaze', resourcesCount: 1 },
          },
          {
            type: 'training-resource-themes',
            id: SWITCH_THEME,
            attributes: { name: 'Switch access', resourcesCount: 1 },
          },
        ],
        meta: { total: 2 },
      });
    if (path === '/api/v1/training-resource-types')
      return fakeJson(200, {
        data: [{ type: 'training-resource-types', id: VIDEO_TYPE, attributes: { name: 'Video tutorial' } }],
        meta: { total: 1 },
      });
    if (path === '/api/v1/training-resource-requests' && request.method === 'GET') {
      lists.push(q);
      return fakeJson(200, {
        data: requests.map(requestRecord),
        included: INCLUDED,
        meta: { total: requests.length },
      });
    }
    const oneRequest = /^\/api\/v1\/training-resource-requests\/([^/]+)$/.exec(path);
    if (oneRequest) {
      reads.push(q);
      const found = requests.find((r) => r.id === decodeURIComponent(oneRequest[1]!));
      if (!found) return fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] });
      return fakeJson(200, { data: requestRecord(found), included: INCLUDED });
    }
    if (path === '/api/v1/training-resource-requests' && request.method === 'POST') {
      writes.push(request.body);
      const data = (request.body as { data: { attributes: Record<string, unknown> } }).data;
      if (
        typeof data.attributes.inspirationUrl === 'string' &&
        !/^https?:/.test(data.attributes.inspirationUrl)
      )
        return fakeJson(422, {
          errors: [
            {
              status: '422',
              code: 'validation.invalid',
              detail: 'Invalid url',
              source: { pointer: '/data/attributes/inspirationUrl' },
            },
          ],
        });
      const id = 'd9999999-9999-4999-8999-999999999999';
      requests.unshift({
        id,
        title: String(data.attributes.title),
        otherTheme: (data.attributes.otherTheme as string) ?? null,
      });
      position += 1;
      return fakeJson(201, {
        data: { type: 'training-resource-requests', id },
        meta: { position: String(position) },
      });
    }
    if (path === '/api/v1/trainings')
      return fakeJson(200, { data: [trainingRecord], included: TRAINING_INCLUDED, meta: { total: 1 } });
    if (path === `/api/v1/trainings/${CLASS_TRAINING}`)
      return fakeJson(200, { data: trainingRecord, included: TRAINING_INCLUDED });
    if (path === '/api/v1/training-sessions') {
      lists.push(q);
      return fakeJson(200, {
        data: [
          session('s1', '2030-03-01T09:00:00.000Z', '2030-03-01T17:00:00.000Z', 'addr1'),
          session('s2', '2030-03-08T09:00:00.000Z', '2030-03-08T17:00:00.000Z', null),
        ],
        included: [
          {
            type: 'addresses',
            id: 'addr1',
            attributes: {
              fullName: 'Demo Fab Lab',
              line1: '12 rue des Ateliers',
              line2: null,
              postalCode: '69007',
              city: 'Lyon',
            },
          },
        ],
        meta: { total: 2 },
      });
    }
    const exists = /^\/api\/v1\/services\/publishables\/training-resources\/([^/]+)$/.exec(path);
    if (exists)
      return fakeJson(200, {
        data: { type: 'training-resources', id: decodeURIComponent(exists[1]!), exists: false },
        meta: {},
      });
    return undefined;
  };
  return { handler, lists, reads, writes };
}
