import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateIn } from '@platform/contracts/rental/period';
import { rentalItemResource } from '@platform/contracts/rental/records';
import { resourceTable } from '@platform/infra/resources/table';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';
import { createIsolatedDatabase, type TestDatabase } from '@platform/tests/support/database';

/**
 * A booking decides on the catalogue's read models (the models' items are their units): one that names the
 * position of the rental admin's last change (minPosition) is decided once those read models have reached it, as
 * reads are, not on the catalogue as it happens to stand.
 */

/**
 * the bound on waiting for a position: the session's own wait on the held projector ends at it, and the
 * catalogue's wait after the release must fit in it (a loaded machine's projector can take seconds to catch up)
 */
const BOUND_MS = 6_000;
let app: AccountsTestApp;
let member: Browser;
let db: postgres.Sql;
// the test holds a transaction open: on a cluster of its own, where it holds back no other test file's readers
let isolated: TestDatabase;

const ok = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer;
};

beforeAll(async () => {
  isolated = await createIsolatedDatabase();
  app = await startAccountsApp({}, { minPositionTimeoutMs: BOUND_MS }, { databaseUrl: isolated.url });
  db = postgres(app.databaseUrl, { max: 2, onnotice: () => {} });
  const email = 'catalogue.position@example.test';
  const user = await createUser(app, { email });
  ok(await app.admin('GET', `/users/${user.id}?minPosition=${user.position}`));
  member = app.browser();
  ok(await signIn(member, email));
});
afterAll(async () => {
  await db?.end();
  await app?.close();
  await isolated?.drop();
});

describe('a booking right after the rental admin adds items', () => {
  it('waits for the catalogue at its minPosition, and books the items just added', async () => {
    const model = ok(
      await app.admin('POST', '/rental-models', {
        data: {
          type: 'rental-models',
          attributes: {
            name: `Standing frame ${randomUUID()}`,
            rentingPrice: 500,
            publishedAt: '2020-01-01T00:00:00Z',
          },
        },
      }),
    ).body;
    ok(await app.admin('GET', `/rental-models/${model.data.id}?minPosition=${model.meta.position}`));

    // the projectors are held: the items' projection cannot move its checkpoint (the runner follows the log with
    // every projection together, so the others wait with it)
    let release!: () => void;
    let held!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = new Promise<void>((resolve) => (held = resolve));
    const hold = db.begin(async (tx) => {
      await tx`select 1 from projection_checkpoints
        where name = ${resourceTable(rentalItemResource).projection} and status = 'live' for update`;
      held();
      await released;
    });
    await holding;
    let position = '0';
    for (let i = 0; i < 2; i++)
      position = ok(
        await app.admin('POST', '/rental-items', {
          data: {
            type: 'rental-items',
            attributes: { stockId: `STF-${randomUUID().slice(0, 8)}` },
            relationships: { rentalModel: { data: { type: 'rental-models', id: model.data.id } } },
          },
        }),
      ).body.meta.position as string;

    const startAt = addDays(calendarDateIn(app.now()), 30);
    const [{ sentAt }] = await db<[{ sentAt: string }]>`select clock_timestamp()::text as "sentAt"`;
    const booked = member.call('POST', `/api/v1/services/rentals/bookings?minPosition=${position}`, {
      body: {
        data: {
          type: 'rental-bookings',
          attributes: {
            models: [{ modelId: model.data.id, quantity: 2 }],
            startAt,
            endAt: addDays(startAt, 7),
            strategy: 'pick_up',
            phone: '+33 6 12 34 56 78',
            billingAddress: '1 rue de la Paix, 75002 Paris',
            shippingAddress: null,
          },
        },
      },
    });
    // the session's wait for the accounts ends at its bound (the projectors are held), then the member is read
    // from the read models: from there on, the booking reads the catalogue or waits for it
    let settled = false;
    void booked.finally(() => (settled = true));
    while (!settled) {
      const [read] = await db<[{ count: number }]>`
        select count(*)::int as count from pg_stat_activity
         where pid <> pg_backend_pid() and query like '%from read.user_organizations%'
           and query_start > ${sentAt}::timestamptz`;
      if (read!.count > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    await hold;
    const answer = await booked;
    // decided on the catalogue as it stood, the booking would find no item (409 rental_unavailable)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data.attributes.models).toEqual([
      expect.objectContaining({ modelId: model.data.id, quantity: 2 }),
    ]);
  });
});
