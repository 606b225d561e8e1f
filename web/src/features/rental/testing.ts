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
