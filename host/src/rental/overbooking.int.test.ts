import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarStreamId, type CalendarItem } from '@platform/contracts/rental/calendar';
import { ConflictError } from '@platform/contracts/errors';
import { addDays, calendarDateIn } from '@platform/contracts/rental/period';
import { handleCommand } from '@platform/command-api/handler';
import { calendarDecider } from '@platform/command-api/rental/calendar';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';

/**
 * No overbooking under a crowd (ADR 0028): many members asking for few items over overlapping periods. The units
 * held are then counted day by day straight from the read model, by SQL that shares nothing with the decider.
 */

let app: AccountsTestApp;
let position = 0n;
const note = (answer: Answer): Answer => {
  const at = answer.body?.meta?.position;
  if (typeof at === 'string' && BigInt(at) > position) position = BigInt(at);
  return answer;
};

async function model(name: string, items: number): Promise<{ id: string; items: CalendarItem[] }> {
  const made = note(
    await app.admin('POST', '/rental-models', {
      data: {
        type: 'rental-models',
        attributes: { name, rentingPrice: 300, publishedAt: '2020-01-01T00:00:00Z' },
      },
    }),
  );
  expect(made.status).toBe(201);
  const id = made.body.data.id as string;
  const list: CalendarItem[] = [];
  for (let i = 0; i < items; i++) {
    const item = note(
      await app.admin('POST', '/rental-items', {
        data: {
          type: 'rental-items',
          attributes: { stockId: `CROWD-${randomUUID()}` },
          relationships: { rentalModel: { data: { type: 'rental-models', id } } },
        },
      }),
    );
    expect(item.status).toBe(201);
    list.push({ itemId: item.body.data.id as string, unavailabilities: [] });
  }
  return { id, items: list };
}

/** Days on which a model's held units outnumber its items, counted from the read model alone. */
async function overbookedDays(modelId: string, items: number): Promise<Array<{ day: string; held: number }>> {
  // every write has reached the read models: read the availability after the last position
  const settled = await app
    .browser()
    .call(
      'GET',
      `/api/v1/services/rentals/availability?startAt=2000-01-01&endAt=2100-01-01&models=${modelId}&minPosition=${position}`,
    );
  expect(settled.status).toBe(200);
  return app.platform.sql<Array<{ day: string; held: number }>>`
    select to_char(d, 'YYYY-MM-DD') as day, sum(h.quantity)::int as held
    from read.rental_holds h
    cross join lateral generate_series(h.start_at, h.end_at - 1, interval '1 day') d
    where h.model_id = ${modelId} and (h.expires_at is null or h.expires_at > ${app.now().toISOString()})
    group by d having sum(h.quantity) > ${items} order by d`;
}

const today = () => calendarDateIn(app.now());
/** A pseudo-random but repeatable crowd: overlapping periods of 2 to 9 days within 40 days. */
function* crowd(count: number, seed: number) {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i++) {
    const startAt = addDays(today(), 10 + Math.floor(next() * 40));
    yield {
      startAt,
      endAt: addDays(startAt, 2 + Math.floor(next() * 8)),
      quantity: 1 + Math.floor(next() * 2),
    };
  }
}

beforeAll(async () => {
  app = await startAccountsApp();
});
afterAll(async () => {
  await app?.close();
});

describe('no overbooking under a crowd', () => {
  it('1,000 concurrent hold attempts on a model of 3 items (10,000 in the bench): each ends held or refused, and no day holds more than 3', async () => {
    const wheelchair = await model('Crowded wheelchair', 3);
    const attempts = [...crowd(1_000, 7)];
    let held = 0;
    let refused = 0;
    let next = 0;
    const metadataOf = (userId: string) => ({
      now: app.now(),
      actor: { userId, actingAsOrganizationId: null, impersonatorId: null },
      correlationId: randomUUID(),
      causationId: randomUUID(),
    });
    // 64 in flight at a time: as many as the platform's pool lets through at once, and far more than one stream takes
    const worker = async () => {
      while (next < attempts.length) {
        const attempt = attempts[next++]!;
        const userId = `member-${next % 500}`;
        try {
          const result = await handleCommand(
            { eventStore: app.platform.eventStore, contracts: app.platform.contracts },
            {
              streamId: calendarStreamId(wheelchair.id),
              decider: calendarDecider,
              command: {
                type: 'HoldUnits',
                data: {
                  modelId: wheelchair.id,
                  holdId: randomUUID(),
                  bookingId: randomUUID(),
                  userId,
                  quantity: attempt.quantity,
                  startAt: attempt.startAt,
                  endAt: attempt.endAt,
                  expiresAt: new Date(app.now().getTime() + 3_600_000).toISOString(),
                  modelName: 'Crowded wheelchair',
                  items: wheelchair.items,
                },
                metadata: metadataOf(userId),
              },
              maxRetries: 10_000,
            },
          );
          if (result.position > position) position = result.position;
          held++;
        } catch (error) {
          expect(error).toBeInstanceOf(ConflictError);
          const conflict = error as ConflictError;
          expect(conflict.code).toBe('conflict.rental_unavailable');
          expect(conflict.message).toContain(`from ${attempt.startAt} to ${attempt.endAt}`);
          refused++;
        }
      }
    };
    await Promise.all(Array.from({ length: 64 }, worker));
    expect(held + refused).toBe(1_000);
    expect(held).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(await overbookedDays(wheelchair.id, 3)).toEqual([]);
    // and the calendar's own stream agrees with the read model
    const stored = await app.platform.eventStore.readStream(calendarStreamId(wheelchair.id));
    expect(stored.filter((e) => e.type === 'RentalUnitsHeld')).toHaveLength(held);
  });

  it('members booking over HTTP at once: every refusal is a 409 naming the model and the period', async () => {
    const ramp = await model('Crowded ramp', 1);
    const members = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const email = `crowd-${i}-${randomUUID().slice(0, 6)}@example.test`;
        const user = await createUser(app, { email });
        if (BigInt(user.position) > position) position = BigInt(user.position);
        const browser = app.browser();
        expect((await signIn(browser, email)).status).toBe(200);
        return browser;
      }),
    );
    // the catalogue as the members see it first
    await overbookedDays(ramp.id, 1);
    const attempts = [...crowd(240, 11)];
    const answers = await Promise.all(
      attempts.map(async (attempt, i) => {
        const answer = await members[i % members.length]!.call('POST', '/api/v1/services/rentals/bookings', {
          body: {
            data: {
              type: 'rental-bookings',
              attributes: {
                models: [{ modelId: ramp.id, quantity: 1 }],
                startAt: attempt.startAt,
                endAt: attempt.endAt,
                strategy: 'pick_up',
                phone: '+33 2 40 00 00 00',
                billingAddress: '1 place du Marché, Nantes',
                shippingAddress: null,
              },
            },
          },
        });
        return { attempt, answer: note(answer) };
      }),
    );
    const statuses = answers.map(({ answer }) => answer.status);
    expect(
      statuses.filter((s) => s !== 201 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(statuses).toContain(201);
    expect(statuses).toContain(409);
    for (const { attempt, answer } of answers.filter(({ answer }) => answer.status === 409)) {
      const [error] = answer.body.errors;
      expect(error.code).toBe('conflict.rental_unavailable');
      expect(error.detail).toContain('“Crowded ramp”');
      expect(error.detail).toContain(`from ${attempt.startAt} to ${attempt.endAt}`);
      expect(error.source.pointer).toBe(`/data/attributes/models/${ramp.id}`);
    }
    expect(await overbookedDays(ramp.id, 1)).toEqual([]);
  });

  it('keeps the per-day sums of kept units equal to the kept holds themselves, through holds, keeps and releases', async () => {
    const bed = await model('Summed bed', 50);
    const attempts = [...crowd(200, 23)];
    const kept: string[] = [];
    for (const [i, attempt] of attempts.entries()) {
      const holdId = randomUUID();
      const metadata = {
        now: app.now(),
        actor: { userId: `member-${i}`, actingAsOrganizationId: null, impersonatorId: null },
        correlationId: randomUUID(),
        causationId: randomUUID(),
      };
      const deps = { eventStore: app.platform.eventStore, contracts: app.platform.contracts };
      const spec = { streamId: calendarStreamId(bed.id), decider: calendarDecider, maxRetries: 100 };
      try {
        await handleCommand(deps, {
          ...spec,
          command: {
            type: 'HoldUnits',
            data: {
              modelId: bed.id,
              holdId,
              bookingId: randomUUID(),
              userId: `member-${i}`,
              quantity: attempt.quantity,
              startAt: attempt.startAt,
              endAt: attempt.endAt,
              expiresAt: new Date(app.now().getTime() + 3_600_000).toISOString(),
              modelName: 'Summed bed',
              items: bed.items,
            },
            metadata,
          },
        });
      } catch {
        continue;
      }
      // two in three are kept by a command; one in five of those is then released (a cancelled command)
      if (i % 3 === 2) continue;
      const result = await handleCommand(deps, {
        ...spec,
        command: {
          type: 'KeepHold',
          data: {
            modelId: bed.id,
            holdId,
            commandId: randomUUID(),
            modelName: 'Summed bed',
            items: bed.items,
          },
          metadata,
        },
      });
      if (result.position > position) position = result.position;
      kept.push(holdId);
      if (i % 5 === 0) {
        const released = await handleCommand(deps, {
          ...spec,
          command: { type: 'ReleaseHold', data: { modelId: bed.id, holdId, reason: 'cancelled' }, metadata },
        });
        if (released.position > position) position = released.position;
      }
    }
    expect(kept.length).toBeGreaterThan(60);
    await overbookedDays(bed.id, 50);
    const differences = await app.platform.sql`
      with raw as (
        select d::date as day, sum(h.quantity)::int as held from read.rental_holds h
        cross join lateral generate_series(h.start_at, h.end_at - 1, interval '1 day') d
        where h.model_id = ${bed.id} and h.expires_at is null group by d::date)
      select coalesce(r.day, k.day) as day, r.held as raw, k.held as summed
      from raw r full join (select day, held from read.rental_kept_days where model_id = ${bed.id}) k on k.day = r.day
      where r.held is distinct from k.held`;
    expect(differences).toEqual([]);
  });
});
