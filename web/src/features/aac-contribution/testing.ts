import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';

/** The signed-in member of the tests, the author of MY_DRAFT. */
export const MEMBER = 'u1111111-1111-4111-8111-111111111111';
export const OTHER_MEMBER = 'u2222222-2222-4222-8222-222222222222';

export const WINDOWS = 'a1111111-1111-4111-8111-111111111111';
export const IOS = 'a2222222-2222-4222-8222-222222222222';
export const AZERTY = 'b1111111-1111-4111-8111-111111111111';
export const ARASAAC = 'c1111111-1111-4111-8111-111111111111';
export const VOICES_LTD = 'd1111111-1111-4111-8111-111111111111';
/** an unpublished product MEMBER contributed */
export const MY_DRAFT = 'e1111111-1111-4111-8111-111111111111';
/** a published product OTHER_MEMBER contributed */
export const THEIR_PRODUCT = 'e2222222-2222-4222-8222-222222222222';
export const NEW_PRODUCT = 'e9999999-9999-4999-8999-999999999999';
export const DRAFT_IMAGE = 'f1111111-1111-4111-8111-111111111111';

const LISTS: Record<string, Array<{ id: string; name: string }>> = {
  'aac-systems': [
    { id: IOS, name: 'iOS' },
    { id: WINDOWS, name: 'Windows' },
  ],
  'aac-access-types': ['pointing', 'head_pointer', 'eye_pointer', 'scanning'].map((id) => ({ id, name: id })),
  'aac-integration-types': ['direct', 'third_party'].map((id) => ({ id, name: id })),
  'aac-keyboard-types': [{ id: AZERTY, name: 'AZERTY' }],
  'aac-pictogram-types': [{ id: ARASAAC, name: 'ARASAAC' }],
  'aac-conjugation-types': [],
  'aac-sellers': [{ id: VOICES_LTD, name: 'Voices Ltd' }],
};

interface FakeProduct {
  id: string;
  name: string;
  shortDescription: string | null;
  description: string;
  website: string | null;
  isDevice: boolean;
  publishedAt: string | null;
  createdBy: string;
  version: number;
  relationships: Record<string, string[] | string | null>;
}

const ref = (type: string, id: string) => ({ type, id });
const TYPES: Record<string, string> = {
  compatibleSystems: 'aac-systems',
  accessTypes: 'aac-access-types',
  integrationType: 'aac-integration-types',
  keyboardTypes: 'aac-keyboard-types',
  pictogramTypes: 'aac-pictogram-types',
  conjugationTypes: 'aac-conjugation-types',
  sellers: 'aac-sellers',
  image: 'files',
};

export interface AacContributionServerOptions {
  /** the answer to the next write instead of taking it (a 422's errors, a 403...) */
  refuse?: { status: number; errors: unknown[] } | null;
  /** the next update finds the product changed meanwhile (its version moved on) */
  changedMeanwhile?: boolean;
}

/**
 * The resource layer's routes the contribution calls, over the lists and two products: reads of the lists and of a
 * product (with its image), the create and the update (If-Match checked, a 409 when the version moved on).
 */
export function aacContributionServer(options: AacContributionServerOptions = {}) {
  const writes: FakeRequest[] = [];
  const reads: URL[] = [];
  let refusal = options.refuse ?? null;
  let position = 100;
  const products: FakeProduct[] = [
    {
      id: MY_DRAFT,
      name: 'Talker One',
      shortDescription: 'A talker for every day.',
      description: '<p>Big buttons.</p><p>A loud voice.</p>',
      website: 'https://example.org/talker',
      isDevice: true,
      publishedAt: null,
      createdBy: MEMBER,
      version: 3,
      relationships: {
        compatibleSystems: [WINDOWS],
        accessTypes: ['pointing'],
        integrationType: 'direct',
        keyboardTypes: [],
        pictogramTypes: [ARASAAC],
        conjugationTypes: [],
        sellers: [VOICES_LTD],
        image: DRAFT_IMAGE,
      },
    },
    {
      id: THEIR_PRODUCT,
      name: 'Symbol Talk',
      shortDescription: null,
      description: '',
      website: null,
      isDevice: false,
      publishedAt: '2026-03-01T10:00:00.000Z',
      createdBy: OTHER_MEMBER,
      version: 1,
      relationships: { accessTypes: [], sellers: [] },
    },
  ];
  let changedMeanwhile = options.changedMeanwhile ?? false;

  const document = (p: FakeProduct) => ({
    data: {
      type: 'aac-products',
      id: p.id,
      attributes: {
        name: p.name,
        shortDescription: p.shortDescription,
        description: p.description,
        website: p.website,
        isDevice: p.isDevice,
        publishedAt: p.publishedAt,
        authorName: 'A member',
      },
      relationships: {
        ...Object.fromEntries(
          Object.entries(p.relationships).map(([name, value]) => [
            name,
            {
              data: Array.isArray(value)
                ? value.map((id) => ref(TYPES[name]!, id))
                : value
                  ? ref(TYPES[name]!, value)
                  : null,
            },
          ]),
        ),
        createdBy: { data: ref('users', p.createdBy) },
      },
      meta: { version: String(p.version) },
    },
    included:
      p.relationships.image === DRAFT_IMAGE
        ? [
            {
              type: 'files',
              id: DRAFT_IMAGE,
              attributes: {
                name: 'talker.jpg',
                previewUrl: '/files/talker-preview.jpg',
                preview: { width: 320, height: 240 },
              },
            },
          ]
        : [],
  });

  const refuse = () => {
    if (!refusal) return null;
    const answer = fakeJson(refusal.status, { errors: refusal.errors });
    refusal = null;
    return answer;
  };

  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (request.method === 'GET' && path === '/api/v1/services/file-limits')
      return fakeJson(200, { data: { attributes: { file: 50_000_000, image: 10_000_000 } } });
    const list = /^\/api\/v1\/(aac-[a-z-]+)$/.exec(path)?.[1];
    if (request.method === 'GET' && list && LISTS[list]) {
      reads.push(request.url);
      const data = LISTS[list]!.map((r) => ({ type: list, id: r.id, attributes: { name: r.name } }));
      return fakeJson(200, {
        data,
        meta: { total: data.length, page: { number: 1, size: 100, totalPages: 1 } },
      });
    }
    const one = /^\/api\/v1\/aac-products\/([^/]+)$/.exec(path)?.[1];
    if (request.method === 'GET' && one) {
      reads.push(request.url);
      const product = products.find((p) => p.id === one);
      return product
        ? fakeJson(200, document(product))
        : fakeJson(404, { errors: [{ status: '404', code: 'not_found', detail: 'Not found' }] });
    }
    if (request.method === 'POST' && path === '/api/v1/aac-products') {
      writes.push(request);
      const refused = refuse();
      if (refused) return refused;
      position += 1;
      return fakeJson(201, {
        data: { type: 'aac-products', id: NEW_PRODUCT },
        meta: { position: String(position), version: '0' },
      });
    }
    if (request.method === 'PATCH' && one) {
      writes.push(request);
      const refused = refuse();
      if (refused) return refused;
      const product = products.find((p) => p.id === one);
      if (!product) return fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] });
      // someone else saved it since the form read it
      if (changedMeanwhile) {
        product.version += 1;
        changedMeanwhile = false;
      }
      if (request.headers.get('If-Match') !== `"${product.version}"`)
        return fakeJson(409, {
          errors: [{ status: '409', code: 'conflict.wrong_expected_version', detail: 'The record changed' }],
        });
      position += 1;
      product.version += 1;
      const data = (
        request.body as {
          data: { attributes?: Partial<FakeProduct>; relationships?: Record<string, { data: unknown }> };
        }
      ).data;
      Object.assign(product, data.attributes ?? {});
      for (const [name, { data: value }] of Object.entries(data.relationships ?? {}))
        product.relationships[name] = Array.isArray(value)
          ? value.map((r: { id: string }) => r.id)
          : ((value as { id: string } | null)?.id ?? null);
      return fakeJson(200, {
        data: { type: 'aac-products', id: product.id },
        meta: { position: String(position), version: String(product.version) },
      });
    }
    return undefined;
  };
  return { handler, writes, reads };
}
