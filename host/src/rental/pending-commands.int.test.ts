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
 * The environment's rentalMaxPendingCommands: a member may have at most that many rental commands in progress
 * (placed, neither cancelled nor closed). The member's own stream keeps the count, so confirmations at once do not
 * pass it together; a refused confirmation gives its units back.
 */

type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;
let app: AccountsTestApp;

async function member(email: string): Promise<Call> {
  await createUser(app, { email });
  const browser = app.browser();
  expect((await signIn(browser, email)).status).toBe(200);
  return (method, path, body) => browser.call(method, `/api/v1${path}`, body === undefined ? {} : { body });
}

async function created(answer: Promise<Answer>): Promise<string> {
  const done = await answer;
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return done.body.data.id as string;
}

let modelId: string;
/** the position of the catalogue's last change: the member's requests read the catalogue at it */
let catalogue = '0';
let position = '0';

beforeAll(async () => {
  app = await startAccountsApp();
  const limit = await app.admin('PATCH', '/app-environments/main', {
    data: { type: 'app-environments', id: 'main', attributes: { rentalMaxPendingCommands: 1 } },
  });
  expect(limit.status, JSON.stringify(limit.body)).toBe(200);
  modelId = await created(
    app.admin('POST', '/rental-models', {
      data: {
        type: 'rental-models',
        attributes: { name: 'Walking frame', rentingPrice: 300, publishedAt: '2020-01-01T00:00:00Z' },
      },
    }),
  );
  for (const stockId of ['WF-1', 'WF-2', 'WF-3', 'WF-4']) {
    const item = await app.admin('POST', '/rental-items', {
      data: {
        type: 'rental-items',
        attributes: { stockId, unavailabilities: [] },
        relationships: { rentalModel: { data: { type: 'rental-models', id: modelId } } },
      },
    });
    expect(item.status).toBe(201);
    position = item.body.meta?.position ?? position;
  }
  catalogue = position;
});
afterAll(async () => {
  await app?.close();
});

/** Books one unit `from` days ahead for a week; the booking's id. */
async function book(who: Call, from: number): Promise<string> {
  const startAt = addDays(calendarDateIn(app.now()), from);
  return created(
    who('POST', `/services/rentals/bookings?minPosition=${catalogue}`, {
      data: {
        type: 'rental-bookings',
        attributes: {
          models: [{ modelId, quantity: 1 }],
          startAt,
          endAt: addDays(startAt, 7),
          strategy: 'pick_up',
          phone: '+33 6 12 34 56 78',
          billingAddress: '1 rue de la Paix, 75002 Paris',
          shippingAddress: null,
        },
      },
    }),
  );
}

const confirm = (who: Call, bookingId: string) =>
  who('POST', `/services/rentals/commands?minPosition=${catalogue}`, {
    data: { type: 'rental-commands', attributes: { bookingId } },
  });

async function freeUnits(from: number): Promise<number> {
  const startAt = addDays(calendarDateIn(app.now()), from);
  const answer = await app
    .browser()
    .call(
      'GET',
      `/api/v1/services/rentals/availability?startAt=${startAt}&endAt=${addDays(startAt, 7)}&models=${modelId}&minPosition=${position}`,
    );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0].attributes.free as number;
}

describe('a member’s rental commands in progress are limited by the environment', () => {
  it('refuses the command past the limit with 409 and gives its units back; a cancelled command frees its place', async () => {
    const dana = await member('dana.pending@example.test');
    const first = await confirm(dana, await book(dana, 30));
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    const secondBooking = await book(dana, 50);
    const refused = await confirm(dana, secondBooking);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'conflict.rental_pending_commands' });
    expect(refused.body.errors[0].detail).toMatch(/\(1\)/);
    // the refusal gave the units back: its answer carries that write's position, to read the calendar at
    const returned = refused.headers.get('x-event-position');
    expect(returned).toMatch(/^\d+$/);
    position = returned!;
    expect(await freeUnits(50)).toBe(4);

    // the first one cancelled, the member may confirm another
    const cancelled = await dana('POST', `/services/rentals/commands/${first.body.data.id}/actions`, {
      data: { type: 'rental-command-actions', attributes: { action: 'cancel' } },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const thirdBooking = await book(dana, 60);
    const third = await confirm(dana, thirdBooking);
    expect(third.status, JSON.stringify(third.body)).toBe(201);
    // confirming the same booking again answers the same command: its place is not counted twice
    const again = await confirm(dana, thirdBooking);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data.id).toBe(third.body.data.id);
  });

  it('lets only one of two confirmations made at once pass a limit of one', async () => {
    const eli = await member('eli.pending@example.test');
    const bookings = [await book(eli, 80), await book(eli, 100)];
    const answers = await Promise.all(bookings.map((id) => confirm(eli, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.errors[0].code).toBe('conflict.rental_pending_commands');
    const placed = answers.find((a) => a.status === 201)!;
    const mine = await eli('GET', `/services/rentals/commands?minPosition=${placed.body.meta.position}`);
    expect(mine.body.data.map((c: { id: string }) => c.id)).toEqual([placed.body.data.id]);
  });
});
