import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';

export const TALKER = 'a1000000-0000-4000-8000-000000000001';
export const GAZE_TABLET = 'a1000000-0000-4000-8000-000000000002';
export const SYMBOL_APP = 'a1000000-0000-4000-8000-000000000003';
export const SWITCH_APP = 'a1000000-0000-4000-8000-000000000004';
export const BOARD_APP = 'a1000000-0000-4000-8000-000000000005';
/** a product waiting for the moderators: the layer hides it from visitors (404) */
export const DRAFT = 'a1000000-0000-4000-8000-000000000009';
export const IOS = 'b1000000-0000-4000-8000-000000000001';
export const WINDOWS = 'b1000000-0000-4000-8000-000000000002';
const SELLER = 'c1000000-0000-4000-8000-000000000001';
const QWERTY = 'd1000000-0000-4000-8000-000000000001';
const PCS = 'd2000000-0000-4000-8000-000000000001';
const VERBS = 'd3000000-0000-4000-8000-000000000001';

interface FakeProduct {
  id: string;
  name: string;
  shortDescription: string | null;
  isDevice: boolean;
  systems: string[];
  accessTypes: string[];
  image: string | null;
}

export const PRODUCTS: FakeProduct[] = [
  {
    id: BOARD_APP,
    name: 'Board Builder',
    shortDescription: 'Print communication boards.',
    isDevice: false,
    systems: [WINDOWS],
    accessTypes: ['pointing'],
    image: null,
  },
  {
    id: GAZE_TABLET,
    name: 'Gaze Tablet 15',
    shortDescription: 'A tablet driven by the eyes.',
    isDevice: true,
    systems: [WINDOWS],
    accessTypes: ['scanning', 'eye_pointer'],
    image: 'img-gaze',
  },
  {
    id: SWITCH_APP,
    name: 'Switch Speaker',
    shortDescription: null,
    isDevice: false,
    systems: [IOS],
    accessTypes: ['scanning'],
    image: null,
  },
  {
    id: SYMBOL_APP,
    name: 'Symbol Talk',
    shortDescription: 'Pictograms that speak.',
    isDevice: false,
    systems: [IOS, WINDOWS],
    accessTypes: ['pointing', 'head_pointer'],
    image: null,
  },
  {
    id: TALKER,
    name: 'Talker One',
    shortDescription: 'A dedicated speech device.',
    isDevice: true,
    systems: [],
    accessTypes: ['pointing'],
    image: null,
  },
];

const INCLUDED = [
  { type: 'aac-systems', id: IOS, attributes: { name: 'iOS' } },
  { type: 'aac-systems', id: WINDOWS, attributes: { name: 'Windows' } },
  ...['pointing', 'head_pointer', 'eye_pointer', 'scanning'].map((id) => ({
    type: 'aac-access-types',
    id,
    attributes: { name: id },
  })),
  { type: 'aac-integration-types', id: 'direct', attributes: { name: 'direct' } },
  {
    type: 'aac-sellers',
    id: SELLER,
    attributes: { name: 'Gaze Shop', website: 'https://shop.example.org' },
  },
  { type: 'aac-keyboard-types', id: QWERTY, attributes: { name: 'QWERTY' } },
  { type: 'aac-pictogram-types', id: PCS, attributes: { name: 'PCS' } },
  { type: 'aac-conjugation-types', id: VERBS, attributes: { name: 'Automatic verbs' } },
  {
    type: 'files',
    id: 'img-gaze',
    attributes: {
      name: 'gaze.jpg',
      description: 'A tablet on a stand',
      previewUrl: '/files/gaze-preview.jpg',
      url: '/files/gaze.jpg',
      preview: { width: 320, height: 240 },
    },
  },
];

const refs = (type: string, ids: readonly string[]) => ({ data: ids.map((id) => ({ type, id })) });

function record(p: FakeProduct) {
  const gaze = p.id === GAZE_TABLET;
  return {
    type: 'aac-products',
    id: p.id,
    attributes: {
      name: p.name,
      shortDescription: p.shortDescription,
      description: gaze ? '<p>Calibrated in <strong>one minute</strong>.</p><script>alert(1)</script>' : '',
      website: gaze ? 'https://gaze.example.org' : null,
      isDevice: p.isDevice,
      publishedAt: '2026-02-01T10:00:00.000Z',
    },
    relationships: {
      image: { data: p.image ? { type: 'files', id: p.image } : null },
      sellers: refs('aac-sellers', gaze ? [SELLER] : []),
      compatibleSystems: refs('aac-systems', p.systems),
      accessTypes: refs('aac-access-types', p.accessTypes),
      integrationType: { data: gaze ? { type: 'aac-integration-types', id: 'direct' } : null },
      keyboardTypes: refs('aac-keyboard-types', gaze ? [QWERTY] : []),
      pictogramTypes: refs('aac-pictogram-types', gaze ? [PCS] : []),
      conjugationTypes: refs('aac-conjugation-types', gaze ? [VERBS] : []),
    },
  };
}

const notFound = () => fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] });

/**
 * The AAC catalogue's reads answered as the layer does: the products list with its filters (search on the name,
 * compatibleSystems, accessTypes, isDevice, published) and pages, one product (the draft hidden: 404), a device's
 * installed systems, a product's access notes and the systems. Every products list request is kept; `total` makes
 * the list count more products than it holds (its pages).
 */
export function aacServer(options: { total?: number } = {}) {
  const lists: URLSearchParams[] = [];
  const finds: string[] = [];
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    const q = request.url.searchParams;
    if (path === '/api/v1/aac-products') {
      lists.push(q);
      const search = q.get('filter[search]')?.toLowerCase();
      const system = q.get('filter[compatibleSystems]');
      const access = q.get('filter[accessTypes]');
      const device = q.get('filter[isDevice]');
      const found = PRODUCTS.filter(
        (p) =>
          (!search || p.name.toLowerCase().includes(search)) &&
          (!system || p.systems.includes(system)) &&
          (!access || p.accessTypes.includes(access)) &&
          (device === null || String(p.isDevice) === device),
      );
      return fakeJson(200, {
        data: found.map(record),
        included: INCLUDED,
        meta: { total: options.total ?? found.length },
      });
    }
    const one = /^\/api\/v1\/aac-products\/([^/]+)$/.exec(path);
    if (one) {
      const id = decodeURIComponent(one[1]!);
      finds.push(id);
      const found = PRODUCTS.find((p) => p.id === id);
      return found ? fakeJson(200, { data: record(found), included: INCLUDED }) : notFound();
    }
    if (path === '/api/v1/aac-installed-systems') {
      const device = q.get('filter[device]');
      const data =
        device === GAZE_TABLET
          ? [
              {
                type: 'aac-installed-systems',
                id: 'inst-1',
                attributes: { note: 'Windows 11, set up for eye gaze.' },
                relationships: {
                  device: { data: { type: 'aac-products', id: GAZE_TABLET } },
                  system: { data: { type: 'aac-systems', id: WINDOWS } },
                },
              },
            ]
          : [];
      return fakeJson(200, { data, included: INCLUDED, meta: { total: data.length } });
    }
    if (path === '/api/v1/aac-software-accesses') {
      const product = q.get('filter[product]');
      const data =
        product === GAZE_TABLET
          ? [
              {
                type: 'aac-software-accesses',
                id: 'acc-1',
                attributes: { note: 'Calibrate with five points.' },
                relationships: {
                  product: { data: { type: 'aac-products', id: GAZE_TABLET } },
                  accessType: { data: { type: 'aac-access-types', id: 'eye_pointer' } },
                },
              },
            ]
          : [];
      return fakeJson(200, { data, meta: { total: data.length } });
    }
    if (path === '/api/v1/aac-systems')
      return fakeJson(200, {
        data: [
          { type: 'aac-systems', id: IOS, attributes: { name: 'iOS' } },
          { type: 'aac-systems', id: WINDOWS, attributes: { name: 'Windows' } },
        ],
        meta: { total: 2 },
      });
    return undefined;
  };
  return { handler, lists, finds };
}
