import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateIn } from '@platform/contracts/rental/period';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';

/**
 * Bookings on the real platform (ADR 0028): a member holds units of rental models for a period; the calendar of
 * each model refuses what would be more than its free units; the holds show in the availability of a period, are
 * given back when the member goes back or another model refuses, and lapse by themselves.
 */

type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;
let app: AccountsTestApp;
let position = 0n;
const note = (answer: Answer): Answer => {
  const at = answer.body?.meta?.position ?? answer.headers.get('x-event-position');
  if (typeof at === 'string' && BigInt(at) > position) position = BigInt(at);
  return answer;
};
const admin: Call = async (method, path, body) => note(await app.admin(method, path, body));

async function member(email: string): Promise<Call> {
  const user = await createUser(app, { email });
  if (BigInt(user.position) > position) position = BigInt(user.position);
  const browser = app.browser();
  expect((await signIn(browser, email)).status).toBe(200);
  return async (method, path, body) =>
    note(await browser.call(method, `/api/v1${path}`, body === undefined ? {} : { body }));
}

async function created(answer: Promise<Answer>): Promise<string> {
  const done = await answer;
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return done.body.data.id as string;
}

/** A published model with `items` units, one of them unavailable over `off` when given. */
async function model(name: string, items: number, off?: { startAt: string; endAt: string }): Promise<string> {
  const id = await created(
    admin('POST', '/rental-models', {
      data: {
        type: 'rental-models',
        attributes: { name, rentingPrice: 500, publishedAt: '2020-01-01T00:00:00Z' },
      },
    }),
  );
  for (let i = 0; i < items; i++)
    await created(
      admin('POST', '/rental-items', {
        data: {
          type: 'rental-items',
          attributes: {
            stockId: `${name.slice(0, 3).toUpperCase()}-${randomUUID().slice(0, 8)}`,
            unavailabilities:
              i === 0 && off
                ? [
                    {
                      startAt: `${off.startAt}T08:00:00+01:00`,
                      endAt: `${off.endAt}T18:00:00+01:00`,
                      reason: 'repair',
                    },
                  ]
                : [],
          },
          relationships: { rentalModel: { data: { type: 'rental-models', id } } },
        },
      }),
    );
  return id;
}

/** A period `days` long starting `from` days after the platform's today. */
const period = (from: number, days: number) => {
  const startAt = addDays(calendarDateIn(app.now()), from);
  return { startAt, endAt: addDays(startAt, days) };
};

const booking = (
  models: Array<{ modelId: string; quantity: number }>,
  when: { startAt: string; endAt: string },
  extra: Record<string, unknown> = {},
) => ({
  data: {
    type: 'rental-bookings',
    attributes: {
      models,
      ...when,
      strategy: 'pick_up',
      phone: '+33 6 12 34 56 78',
      billingAddress: '1 rue de la Paix, 75002 Paris',
      shippingAddress: null,
      ...extra,
    },
  },
});

async function free(modelId: string, when: { startAt: string; endAt: string }): Promise<number> {
  const answer = await app
    .browser()
    .call(
      'GET',
      `/api/v1/services/rentals/availability?startAt=${when.startAt}&endAt=${when.endAt}&models=${modelId}&minPosition=${position}`,
    );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0].attributes.free as number;
}

let alice: Call;
let bruno: Call;

beforeAll(async () => {
  app = await startAccountsApp();
  alice = await member('alice.booking@example.test');
  bruno = await member('bruno.booking@example.test');
});
afterAll(async () => {
  await app?.close();
});

describe('a member books rental models for a period', () => {
  it('holds the units: the period shows fewer free, other periods do not, and going back gives them back', async () => {
    const chair = await model('Folding wheelchair', 2);
    const when = period(10, 7);
    expect(await free(chair, when)).toBe(2);

    const answer = await alice(
      'POST',
      '/services/rentals/bookings',
      booking([{ modelId: chair, quantity: 1 }], when),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const bookingId = answer.body.data.id as string;
    // the booking as held, with the expiry the summary counts down to (15 minutes by default)
    expect(answer.body.data.attributes).toMatchObject({ ...when, strategy: 'pick_up' });
    expect(Date.parse(answer.body.data.attributes.expiresAt) - app.now().getTime()).toBeGreaterThan(
      14 * 60_000,
    );
    expect(await free(chair, when)).toBe(1);
    // a period that starts the day this one ends does not overlap it
    expect(await free(chair, { startAt: when.endAt, endAt: addDays(when.endAt, 7) })).toBe(2);
    expect(await free(chair, { startAt: addDays(when.startAt, 3), endAt: addDays(when.endAt, 3) })).toBe(1);

    // another member may not give it back; its member may, and the units are free again
    expect((await bruno('DELETE', `/services/rentals/bookings/${bookingId}`)).status).toBe(403);
    expect((await alice('DELETE', `/services/rentals/bookings/${bookingId}`)).status).toBe(204);
    expect(await free(chair, when)).toBe(2);
    // twice is no error: it is given back already
    expect((await alice('DELETE', `/services/rentals/bookings/${bookingId}`)).status).toBe(204);
  });

  it('refuses more than the free units with 409 naming the model and the period, and keeps nothing of it', async () => {
    const frame = await model('Standing frame', 2);
    const ramp = await model('Portable ramp', 1);
    const when = period(20, 14);
    // what a member does first: look at the availability of the period (the catalogue as the read models hold it)
    expect(await free(ramp, when)).toBe(1);
    expect(
      (await alice('POST', '/services/rentals/bookings', booking([{ modelId: ramp, quantity: 1 }], when)))
        .status,
    ).toBe(201);

    const refused = await bruno(
      'POST',
      '/services/rentals/bookings',
      booking(
        [
          { modelId: frame, quantity: 1 },
          { modelId: ramp, quantity: 1 },
        ],
        when,
      ),
    );
    expect(refused.status).toBe(409);
    const [error] = refused.body.errors;
    expect(error.code).toBe('conflict.rental_unavailable');
    expect(error.detail).toContain('“Portable ramp” is not available');
    expect(error.detail).toContain(`from ${when.startAt} to ${when.endAt}`);
    expect(error.source.pointer).toBe(`/data/attributes/models/${ramp}`);
    // the standing frame held before the ramp refused was given back (a refusal carries no position to read
    // after: wait for the release itself)
    await expect.poll(() => free(frame, when), { timeout: 30_000 }).toBe(2);
    expect(await free(ramp, when)).toBe(0);
  });

  it('counts an item’s unavailability: the days it touches are not rented', async () => {
    const when = period(30, 7);
    const tablet = await model('Eye-gaze tablet', 2, {
      startAt: addDays(when.startAt, 2),
      endAt: addDays(when.startAt, 3),
    });
    expect(await free(tablet, when)).toBe(1);
    expect(await free(tablet, { startAt: addDays(when.startAt, 4), endAt: addDays(when.startAt, 8) })).toBe(
      2,
    );
    const asked = await alice(
      'POST',
      '/services/rentals/bookings',
      booking([{ modelId: tablet, quantity: 2 }], when),
    );
    expect(asked.status).toBe(409);
    expect(asked.body.errors[0].detail).toContain('2 asked, 1 free');
  });

  it('lets a hold lapse at expiresAt without any request: the units are free again and another member takes them', async () => {
    const lift = await model('Bath lift', 1);
    const when = period(40, 7);
    expect(await free(lift, when)).toBe(1);
    const first = await alice(
      'POST',
      '/services/rentals/bookings',
      booking([{ modelId: lift, quantity: 1 }], when),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(await free(lift, when)).toBe(0);
    expect(
      (await bruno('POST', '/services/rentals/bookings', booking([{ modelId: lift, quantity: 1 }], when)))
        .status,
    ).toBe(409);
    // the default delay is 15 minutes
    app.advance(15 * 60_000 + 1_000);
    expect(await free(lift, when)).toBe(1);
    expect(
      (await bruno('POST', '/services/rentals/bookings', booking([{ modelId: lift, quantity: 1 }], when)))
        .status,
    ).toBe(201);
    expect(await free(lift, when)).toBe(0);
  });
});

describe('a member confirms: the booking becomes a rental command that keeps its units', () => {
  it('places the command, keeps the units past the hold’s expiry, and gives them back when cancelled', async () => {
    const hoist = await model('Patient hoist', 1);
    const when = period(70, 7);
    expect(await free(hoist, when)).toBe(1);
    const booked = await alice(
      'POST',
      '/services/rentals/bookings',
      booking([{ modelId: hoist, quantity: 1 }], when),
    );
    expect(booked.status).toBe(201);
    const bookingId = booked.body.data.id as string;

    const confirm = { data: { type: 'rental-commands', attributes: { bookingId } } };
    expect((await bruno('POST', '/services/rentals/commands', confirm)).status).toBe(403);
    const placed = await alice('POST', '/services/rentals/commands', confirm);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const commandId = placed.body.data.id as string;
    // confirmed twice: the same command
    const again = await alice('POST', '/services/rentals/commands', confirm);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(commandId);

    const mine = await alice('GET', `/services/rentals/commands?minPosition=${position}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((c: { id: string }) => c.id)).toContain(commandId);
    const shown = await alice('GET', `/services/rentals/commands/${commandId}`);
    expect(shown.body.data.attributes.status).toBe('coming');

    // the command keeps the units: the booking's expiry no longer frees them
    app.advance(16 * 60_000);
    expect(await free(hoist, when)).toBe(0);
    const cancelled = await alice('POST', `/services/rentals/commands/${commandId}/actions`, {
      data: { type: 'rental-command-actions', attributes: { action: 'cancel' } },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await free(hoist, when)).toBe(1);
    const after = await alice('GET', `/services/rentals/commands/${commandId}?minPosition=${position}`);
    expect(after.body.data.attributes.status).toBe('cancelled');
  });

  it('invoices each member their own way: the organisation tax, or none for a member whose profile says no VAT', async () => {
    const record = await admin('GET', '/app-environments/main');
    const taxed = await admin('PATCH', '/app-environments/main', {
      data: { type: 'app-environments', id: 'main', attributes: { rentalOrganizationTax: 20 } },
    });
    expect(taxed.status, JSON.stringify(taxed.body) + JSON.stringify(record.body?.data?.meta)).toBe(200);
    const chair = await model('Shower stool', 2);
    const when = period(90, 7);
    const claire = await member('claire.invoicing@example.test');
    const noVat = await claire('PATCH', '/users/me', {
      data: {
        type: 'users',
        attributes: {},
        relationships: {
          rentalInvoicingStrategy: { data: { type: 'rental-invoicing-strategies', id: 'no_vat' } },
        },
      },
    });
    expect(noVat.status, JSON.stringify(noVat.body)).toBe(200);

    // the booking and the command are decided once the catalogue's read models saw the admin's model, its units,
    // the tax and the member's strategy: without minPosition they may be decided on a catalogue that lags
    const amountsOf = async (who: Call) => {
      const booked = await who(
        'POST',
        `/services/rentals/bookings?minPosition=${position}`,
        booking([{ modelId: chair, quantity: 1 }], when),
      );
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const placed = await who('POST', `/services/rentals/commands?minPosition=${position}`, {
        data: { type: 'rental-commands', attributes: { bookingId: booked.body.data.id } },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const shown = await who(
        'GET',
        `/services/rentals/commands/${placed.body.data.id}?minPosition=${position}`,
      );
      return shown.body.data.attributes.amounts as { exclTax: number; tax: number; total: number };
    };
    // 500 cents a day for 7 days: 3,500 excl. tax; 20 % is 700
    expect(await amountsOf(alice)).toMatchObject({ exclTax: 3500, tax: 700, total: 4200 });
    expect(await amountsOf(claire)).toMatchObject({ exclTax: 3500, tax: 0, total: 3500 });
  });

  it('refuses to confirm a booking whose lapsed units another member took (409), and gives back the rest', async () => {
    const bed = await model('Electric bed', 1);
    const cushion = await model('Pressure cushion', 2);
    const when = period(80, 7);
    expect(await free(bed, when)).toBe(1);
    expect(await free(cushion, when)).toBe(2);
    const first = await alice(
      'POST',
      '/services/rentals/bookings',
      booking(
        [
          { modelId: bed, quantity: 1 },
          { modelId: cushion, quantity: 1 },
        ],
        when,
      ),
    );
    expect(first.status).toBe(201);
    app.advance(16 * 60_000);
    expect(
      (await bruno('POST', '/services/rentals/bookings', booking([{ modelId: bed, quantity: 1 }], when)))
        .status,
    ).toBe(201);
    const late = await alice('POST', '/services/rentals/commands', {
      data: { type: 'rental-commands', attributes: { bookingId: first.body.data.id } },
    });
    expect(late.status).toBe(409);
    expect(late.body.errors[0].detail).toContain('“Electric bed” is not available');
    await expect.poll(() => free(cushion, when), { timeout: 30_000 }).toBe(2);
  });
});

describe('bad input gets a clear answer and holds nothing', () => {
  it('answers 422 on the field: reversed dates, too short, unknown model, shipping without address, the team’s strategy', async () => {
    const chair = await model('Walking frame', 3);
    const when = period(50, 7);
    expect(await free(chair, when)).toBe(3);
    const cases: Array<[string, unknown, string]> = [
      [
        'reversed dates',
        booking([{ modelId: chair, quantity: 1 }], { startAt: when.endAt, endAt: when.startAt }),
        '/data/attributes/endAt',
      ],
      [
        'one day',
        booking([{ modelId: chair, quantity: 1 }], {
          startAt: when.startAt,
          endAt: addDays(when.startAt, 1),
        }),
        '/data/attributes/endAt',
      ],
      ['in the past', booking([{ modelId: chair, quantity: 1 }], period(-5, 7)), '/data/attributes/startAt'],
      [
        'unknown model',
        booking([{ modelId: randomUUID(), quantity: 1 }], when),
        '/data/attributes/models/0/modelId',
      ],
      ['no quantity', booking([{ modelId: chair, quantity: 0 }], when), '/data/attributes/models/0/quantity'],
      [
        'shipping without address',
        booking([{ modelId: chair, quantity: 1 }], when, { strategy: 'ship_to_address' }),
        '/data/attributes/shippingAddress',
      ],
      [
        'the team’s strategy',
        booking([{ modelId: chair, quantity: 1 }], when, { strategy: 'internal' }),
        '/data/attributes/strategy',
      ],
      [
        'not a date',
        booking([{ modelId: chair, quantity: 1 }], { startAt: '2027-02-30', endAt: when.endAt }),
        '/data/attributes/startAt',
      ],
      ['wrong type', { data: { type: 'rental-models', attributes: {} } }, '/data/type'],
    ];
    for (const [name, body, pointer] of cases) {
      const answer = await alice('POST', '/services/rentals/bookings', body);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(422);
      expect(
        answer.body.errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer),
        name,
      ).toContain(pointer);
    }
    expect(await free(chair, when)).toBe(3);
  });

  it('asks a visitor to sign in; the availability is public and refuses a bad period on its parameter', async () => {
    const chair = await model('Rollator', 1);
    const when = period(60, 7);
    const visitor = app.browser();
    expect(
      (
        await visitor.call('POST', '/api/v1/services/rentals/bookings', {
          body: booking([{ modelId: chair, quantity: 1 }], when),
        })
      ).status,
    ).toBe(401);
    const bad = await visitor.call(
      'GET',
      `/api/v1/services/rentals/availability?startAt=${when.endAt}&endAt=${when.startAt}&models=${chair}`,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.parameter).toBe('endAt');
    const noModels = await visitor.call(
      'GET',
      `/api/v1/services/rentals/availability?startAt=${when.startAt}&endAt=${when.endAt}&models=x`,
    );
    expect(noModels.status).toBe(422);
    expect(noModels.body.errors[0].source.parameter).toBe('models');
  });
});
