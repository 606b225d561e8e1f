import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';

export const WHEELCHAIR = '11111111-1111-4111-8111-111111111111';
export const WALKER = '22222222-2222-4222-8222-222222222222';

const MODELS: Record<string, { name: string; rentingPrice: number; shippingPrice: number }> = {
  [WHEELCHAIR]: { name: 'Folding wheelchair', rentingPrice: 250, shippingPrice: 1500 },
  [WALKER]: { name: 'Rollator walker', rentingPrice: 125, shippingPrice: 900 },
};

/** The environment's rental values the component tests run with. */
export const RENTAL_ENV = {
  rentalDurationMultiple: null,
  rentalMinDuration: 3,
  rentalMaxDuration: 60,
  rentalBeforeStartDuration: 0,
  rentalMaxItems: 4,
  rentalMaxModels: 2,
  rentalMaxPendingCommands: 3,
  rentalBookingExpirationDelay: 15,
  rentalOrganizationTax: 20,
};

/** The cookie choice made, and a cart (and where a checkout stood) as a previous visit left them. */
export function storeCheckout(
  models: Record<string, number>,
  stored?: unknown,
  strategy: string | null = null,
) {
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));
  localStorage.setItem(STORAGE_KEYS.rentalCart, JSON.stringify({ models, strategy }));
  if (stored) localStorage.setItem(STORAGE_KEYS.rentalBooking, JSON.stringify(stored));
}

/**
 * The rental calls, answered like the API's contract: the environment, the models, the availability (all
 * free unless `free` says), and the booking and command answers the test gives; what was sent is kept.
 */
export function rentalServer(
  options: {
    free?: Record<string, number>;
    book?: (request: FakeRequest) => Response;
    command?: (request: FakeRequest) => Response;
  } = {},
) {
  const sent: FakeRequest[] = [];
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (path === '/api/v1/app-environment')
      return fakeJson(200, {
        data: { type: 'app-environment', id: 'main', attributes: { initialized: true, ...RENTAL_ENV } },
        meta: { revision: '1', updatedAt: null },
      });
    const model = /^\/api\/v1\/rental-models\/([^/]+)$/.exec(path);
    if (model) {
      const found = MODELS[decodeURIComponent(model[1]!)];
      if (!found) return fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] });
      return fakeJson(200, {
        data: {
          type: 'rental-models',
          id: model[1],
          attributes: { slug: null, shortDescription: null, ...found },
        },
      });
    }
    if (path === '/api/v1/services/rentals/availability') {
      sent.push(request);
      const ids = (request.url.searchParams.get('models') ?? '').split(',').filter(Boolean);
      return fakeJson(200, {
        data: ids.map((id) => ({
          type: 'rental-availabilities',
          id,
          attributes: { free: options.free?.[id] ?? 4, items: 4 },
        })),
      });
    }
    if (path === '/api/v1/services/rentals/bookings' && request.method === 'POST') {
      sent.push(request);
      return options.book?.(request) ?? fakeJson(500, {});
    }
    if (path.startsWith('/api/v1/services/rentals/bookings/') && request.method === 'DELETE') {
      sent.push(request);
      return new Response(null, { status: 204 });
    }
    if (path === '/api/v1/services/rentals/commands' && request.method === 'POST') {
      sent.push(request);
      return options.command?.(request) ?? fakeJson(500, {});
    }
    return undefined;
  };
  return { handler, sent };
}

/** A date `days` after today, as the period rules count (ISO). */
export function daysFromToday(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + days))
    .toISOString()
    .slice(0, 10);
}

export const MOBILITY = '33333333-3333-4333-8333-333333333333';
export const WALKING = '44444444-4444-4444-8444-444444444444';

const CATALOGUE = [
  {
    id: WHEELCHAIR,
    slug: 'folding-wheelchair',
    category: MOBILITY,
    shortDescription: 'Light, folds into a car boot.',
    description: 'Seat width 45 cm.\nWeight 12 kg.',
    image: { id: 'f1', name: 'wheelchair.jpg', previewUrl: '/api/v1/services/files/f1/preview.jpg' },
  },
  {
    id: WALKER,
    slug: 'rollator-walker',
    category: WALKING,
    shortDescription: 'Four wheels and a seat.',
    description: null,
    image: null,
  },
];

/**
 * The catalogue's reads (GET /rental-models with its images, /rental-models/{slug or id},
 * /rental-model-categories), answered like the API's contract; the availability as `rentalServer` answers it.
 */
export function catalogueServer(options: { free?: Record<string, number>; hidden?: string[] } = {}) {
  const rental = rentalServer(options);
  const record = (m: (typeof CATALOGUE)[number]) => ({
    type: 'rental-models',
    id: m.id,
    attributes: {
      ...MODELS[m.id]!,
      slug: m.slug,
      shortDescription: m.shortDescription,
      description: m.description,
      publishedAt: '2026-01-01T00:00:00.000Z',
    },
    relationships: {
      category: { data: { type: 'rental-model-categories', id: m.category } },
      images: { data: m.image ? [{ type: 'files', id: m.image.id }] : [] },
    },
  });
  const included = CATALOGUE.flatMap((m) =>
    m.image
      ? [
          {
            type: 'files',
            id: m.image.id,
            attributes: { name: m.image.name, previewUrl: m.image.previewUrl },
          },
        ]
      : [],
  );
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (path === '/api/v1/rental-models')
      return fakeJson(200, { data: CATALOGUE.map(record), included, meta: { total: CATALOGUE.length } });
    if (path === '/api/v1/rental-model-categories')
      return fakeJson(200, {
        data: [
          { type: 'rental-model-categories', id: MOBILITY, attributes: { name: 'Wheelchairs' } },
          { type: 'rental-model-categories', id: WALKING, attributes: { name: 'Walking aids' } },
        ],
        meta: { total: 2 },
      });
    const one = /^\/api\/v1\/rental-models\/([^/]+)$/.exec(path);
    if (one) {
      const key = decodeURIComponent(one[1]!);
      const found = CATALOGUE.find((m) => m.slug === key || m.id === key);
      if (!found) return fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] });
      return fakeJson(200, { data: record(found), included });
    }
    // a model the reader may not see (above their level, unpublished) exists all the same
    const exists = /^\/api\/v1\/services\/publishables\/rental-models\/([^/]+)$/.exec(path);
    if (exists) {
      const key = decodeURIComponent(exists[1]!);
      return fakeJson(200, {
        data: { type: 'rental-models', id: key, exists: (options.hidden ?? []).includes(key) },
        meta: {},
      });
    }
    return rental.handler(request);
  };
  return { handler, sent: rental.sent };
}
