import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentalCommandStreamId, type RentalCommandPlacedData } from '@platform/contracts/rental/command';
import { handleCommand } from '@platform/command-api/handler';
import { rentalCommandDecider } from '@platform/command-api/rental/lifecycle';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';

const FILE = '0f100000-0000-4000-8000-000000000001';
// two models of the catalogue, each with one item (records of the resource layer)
let MODEL = '';
let OTHER_MODEL = '';
let ITEM = '';
let FOREIGN_ITEM = '';

let app: AccountsTestApp;
let member: Browser;
let other: Browser;
let desk: Browser;
let memberId: string;

const ok = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer;
};

async function signedIn(email: string, role?: string): Promise<{ browser: Browser; id: string }> {
  const { id } = await createUser(app, { email });
  if (role) {
    const granted = ok(
      await app.admin('PATCH', `/users/${id}`, {
        data: { type: 'users', relationships: { roles: { data: [{ type: 'roles', id: role }] } } },
      }),
    );
    // a session reads its roles from the read model: the grant must have reached it first
    ok(await app.admin('GET', `/users/${id}?minPosition=${granted.body.meta.position}`));
  }
  const browser = app.browser();
  ok(await signIn(browser, email));
  return { browser, id };
}

beforeAll(async () => {
  app = await startAccountsApp();
  const created = async (type: string, attributes: object, relationships: object = {}) =>
    ok(await app.admin('POST', `/${type}`, { data: { type, attributes, relationships } })).body.data
      .id as string;
  MODEL = await created('rental-models', { name: `Shower chair ${randomUUID()}`, rentingPrice: 250 });
  OTHER_MODEL = await created('rental-models', { name: `Hoist ${randomUUID()}`, rentingPrice: 900 });
  const itemOf = (model: string) =>
    created(
      'rental-items',
      { stockId: `ITEM-${randomUUID()}` },
      { rentalModel: { data: { type: 'rental-models', id: model } } },
    );
  ITEM = await itemOf(MODEL);
  FOREIGN_ITEM = await itemOf(OTHER_MODEL);
  ({ browser: member, id: memberId } = await signedIn('renter@example.test'));
  ({ browser: other } = await signedIn('other-renter@example.test'));
  ({ browser: desk } = await signedIn('desk@example.test', 'rental_admin'));
});
afterAll(async () => {
  await app.close();
});

/** What the bookings' route will do once the member confirms: place the command through the decider. */
async function place(strategy: 'ship_to_address' | 'pick_up' = 'ship_to_address', model = MODEL) {
  const commandId = randomUUID();
  const data: RentalCommandPlacedData = {
    commandId,
    bookingId: randomUUID(),
    userId: memberId,
    rentFor: null,
    strategy,
    isIndividual: true,
    startAt: '2099-04-01',
    endAt: '2099-04-15',
    billingAddress: '1 rue des Lilas, Lyon',
    shippingAddress: strategy === 'ship_to_address' ? '2 rue des Roses, Lyon' : null,
    phone: '+33 6 12 34 56 78',
    shippingPrice: 1500,
    lines: [{ commandItemId: randomUUID(), modelId: model, quantity: 1, rentingPrice: 250 }],
    amounts: {
      lines: [{ modelId: model, quantity: 1, exclTax: 3500 }],
      itemsExclTax: 3500,
      shipping: 1500,
      exclTax: 5000,
      tax: 1000,
      total: 6000,
    },
  };
  const result = await handleCommand(
    { eventStore: app.platform.eventStore, contracts: app.platform.contracts },
    {
      streamId: rentalCommandStreamId(commandId),
      decider: rentalCommandDecider,
      command: {
        type: 'PlaceRentalCommand',
        data: { ...data, caller: { rentalAdmin: false } },
        metadata: {
          now: app.now(),
          actor: { userId: memberId, actingAsOrganizationId: null, impersonatorId: null },
          correlationId: randomUUID(),
          causationId: randomUUID(),
        },
      },
    },
  );
  return { commandId, commandItemId: data.lines[0]!.commandItemId, position: result.position.toString() };
}

const act = (browser: Browser, commandId: string, attributes: Record<string, unknown>) =>
  browser.call('POST', `/api/v1/services/rentals/commands/${commandId}/actions`, {
    body: { data: { type: 'rental-command-actions', attributes } },
  });

describe('rental commands over HTTP', () => {
  it('takes a shipped command through every step to its closure, and shows each to its member', async () => {
    const { commandId, commandItemId, position } = await place();
    const read = async (browser: Browser, at: string) =>
      ok(await browser.call('GET', `/api/v1/services/rentals/commands/${commandId}?minPosition=${at}`)).body;

    const placed = await read(member, position);
    expect(placed.data.attributes).toMatchObject({
      status: 'coming',
      statusColour: 'info',
      strategyGroup: 'shipping',
      flags: { requiringValidation: true, requiringContract: false },
      alerts: [{ level: 'info', kind: 'requiringValidation', deadline: null }],
      amounts: { total: 6000 },
    });
    expect(placed.data.attributes.steps[0]).toMatchObject({
      stepType: 'validation',
      status: 'waiting',
      colour: 'warning',
      icon: 'hourglass_top',
      date: { kind: 'waiting' },
    });
    expect(placed.included).toEqual([
      expect.objectContaining({ type: 'rental-command-items', id: commandItemId }),
    ]);

    let last = ok(await act(desk, commandId, { action: 'validate' }));
    last = ok(await act(member, commandId, { action: 'uploadContract', fileId: FILE }));
    expect(
      (await read(desk, last.body.meta.position)).data.attributes.flags.requiringContractValidation,
    ).toBe(true);
    ok(await act(desk, commandId, { action: 'acceptContract' }));
    ok(await act(desk, commandId, { action: 'recordPayment', comment: 'Transfer received' }));
    ok(await act(desk, commandId, { action: 'assignItem', commandItemId, itemId: ITEM }));
    ok(await act(desk, commandId, { action: 'prepare' }));
    ok(await act(desk, commandId, { action: 'startDelivery' }));
    ok(await act(desk, commandId, { action: 'completeDelivery' }));
    ok(await act(desk, commandId, { action: 'recordReturn' }));
    last = ok(await act(desk, commandId, { action: 'close' }));
    expect(last.body).toMatchObject({ data: { type: 'rental-commands', id: commandId } });

    const closed = await read(member, last.body.meta.position);
    expect(closed.data.attributes).toMatchObject({ status: 'finished', closed: true, cancelled: false });
    expect(closed.included[0].attributes.itemIds).toEqual([ITEM]);
    expect(closed.data.attributes.steps.map((s: { status: string }) => s.status)).toEqual([
      'success',
      'success',
      'success',
      'success',
      'success',
      'hidden',
      'success',
      'success',
    ]);

    const history = ok(
      await member.call('GET', `/api/v1/services/rentals/commands/${commandId}/history`),
    ).body;
    expect(history.meta.total).toBe(11);
    expect(history.data[0].attributes).toMatchObject({ eventType: 'RentalCommandClosed' });
    expect(history.data.at(-1).attributes).toMatchObject({
      eventType: 'RentalCommandPlaced',
      actor: { userId: memberId },
    });
    expect(history.included).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'users', id: memberId })]),
    );
  });

  it('refuses the wrong role (403), a step out of order (409) and bad input on its field (422)', async () => {
    const { commandId, commandItemId } = await place();
    const forbidden = await act(member, commandId, { action: 'validate' });
    expect(forbidden.status).toBe(403);
    const early = await act(desk, commandId, { action: 'recordPayment' });
    expect(early.status).toBe(409);
    expect(early.body.errors[0]).toMatchObject({
      code: 'conflict.state',
      detail: expect.stringContaining('The payment step is pending'),
    });
    const noAction = await act(desk, commandId, {});
    expect(noAction.status).toBe(422);
    expect(noAction.body.errors[0].source).toEqual({ pointer: '/data/attributes/action' });
    const noFile = await act(member, commandId, { action: 'uploadContract' });
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors[0].source).toEqual({ pointer: '/data/attributes/fileId' });
    const wrongModel = await act(desk, commandId, {
      action: 'assignItem',
      commandItemId,
      itemId: FOREIGN_ITEM,
    });
    expect(wrongModel.status).toBe(422);
    expect(wrongModel.body.errors[0].source).toEqual({ pointer: '/data/attributes/itemId' });
    const unknownItem = await act(desk, commandId, {
      action: 'assignItem',
      commandItemId,
      itemId: randomUUID(),
    });
    expect(unknownItem.status).toBe(422);
    expect((await act(other, commandId, { action: 'cancel' })).status).toBe(404);
    expect((await act(desk, randomUUID(), { action: 'validate' })).status).toBe(404);
    expect((await act(desk, 'not-a-command', { action: 'validate' })).status).toBe(404);
    const cancelled = ok(await act(member, commandId, { action: 'cancel', comment: 'Plans changed' }));
    const after = await act(desk, commandId, { action: 'validate' });
    expect(after.status).toBe(409);
    const read = ok(
      await member.call(
        'GET',
        `/api/v1/services/rentals/commands/${commandId}?minPosition=${cancelled.body.meta.position}`,
      ),
    );
    expect(read.body.data.attributes).toMatchObject({ status: 'cancelled', cancelled: true });
  });

  it('gives an item to one command at a time over overlapping days: a second gets 409 on itemId until the first ends', async () => {
    const created = ok(
      await app.admin('POST', '/rental-items', {
        data: {
          type: 'rental-items',
          attributes: { stockId: `SPARE-${randomUUID()}` },
          relationships: { rentalModel: { data: { type: 'rental-models', id: MODEL } } },
        },
      }),
    );
    const spare = created.body.data.id as string;
    // the desk finds an item's model in the read model: the new item must be there first
    ok(await app.admin('GET', `/rental-items/${spare}?minPosition=${created.body.meta.position}`));
    const first = await place();
    const second = await place();
    ok(
      await act(desk, first.commandId, {
        action: 'assignItem',
        commandItemId: first.commandItemId,
        itemId: spare,
      }),
    );
    const taken = await act(desk, second.commandId, {
      action: 'assignItem',
      commandItemId: second.commandItemId,
      itemId: spare,
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({
      code: 'conflict.rental_item_taken',
      source: { pointer: '/data/attributes/itemId' },
      detail: expect.stringContaining('from 2099-04-01 to 2099-04-15'),
    });
    // the refusal left nothing on the second command
    const unchanged = ok(
      await desk.call(
        'GET',
        `/api/v1/services/rentals/commands/${second.commandId}?minPosition=${second.position}`,
      ),
    );
    expect(unchanged.body.included?.[0]?.attributes?.itemIds ?? []).toEqual([]);

    // the first command cancelled, its item is free for the second
    ok(await act(member, first.commandId, { action: 'cancel', comment: 'Not needed' }));
    const assigned = ok(
      await act(desk, second.commandId, {
        action: 'assignItem',
        commandItemId: second.commandItemId,
        itemId: spare,
      }),
    );
    const read = ok(
      await desk.call(
        'GET',
        `/api/v1/services/rentals/commands/${second.commandId}?minPosition=${assigned.body.meta.position}`,
      ),
    );
    expect(read.body.included[0].attributes.itemIds).toEqual([spare]);
    ok(await act(member, second.commandId, { action: 'cancel', comment: 'Done with the test' }));
  });

  it('shows a member only their own commands, the desk every one, filtered by derived status and flag', async () => {
    const mine = await place('pick_up');
    const validated = ok(await act(desk, mine.commandId, { action: 'validate' }));
    const at = validated.body.meta.position;
    const list = (browser: Browser, query = '') =>
      browser.call('GET', `/api/v1/services/rentals/commands?minPosition=${at}${query}`);

    const own = ok(await list(member)).body;
    expect(own.data.map((c: { id: string }) => c.id)).toContain(mine.commandId);
    expect(
      own.data.every(
        (c: { relationships: { user: { data: { id: string } } } }) =>
          c.relationships.user.data.id === memberId,
      ),
    ).toBe(true);
    expect(ok(await list(other)).body.meta.total).toBe(0);

    const requiringContract = ok(await list(desk, '&filter[flag]=requiringContract')).body;
    expect(requiringContract.data.map((c: { id: string }) => c.id)).toContain(mine.commandId);
    for (const command of requiringContract.data)
      expect(command.attributes.flags.requiringContract).toBe(true);
    const requiringValidation = ok(await list(desk, '&filter[flag]=requiringValidation')).body;
    expect(requiringValidation.data.map((c: { id: string }) => c.id)).not.toContain(mine.commandId);
    const finished = ok(await list(desk, '&filter[status]=finished')).body;
    for (const command of finished.data) expect(command.attributes.status).toBe('finished');
    expect(finished.data.map((c: { id: string }) => c.id)).not.toContain(mine.commandId);
    expect((await list(desk, '&filter[status]=lost')).status).toBe(400);

    expect((await other.call('GET', `/api/v1/services/rentals/commands/${mine.commandId}`)).status).toBe(404);
    expect(
      (await other.call('GET', `/api/v1/services/rentals/commands/${mine.commandId}/history`)).status,
    ).toBe(404);
    const history = ok(await desk.call('GET', `/api/v1/services/rentals/commands/${mine.commandId}/history`));
    expect(
      history.body.data.map((e: { attributes: { eventType: string } }) => e.attributes.eventType),
    ).toEqual(['RentalCommandValidated', 'RentalCommandPlaced']);
    const visitor = await fetch(app.url('/api/v1/services/rentals/commands'));
    expect(visitor.status).toBe(401);
  });

  it('offers the desk the model’s items free for the command’s period, with their stock id and condition', async () => {
    const model = ok(
      await app.admin('POST', '/rental-models', {
        data: {
          type: 'rental-models',
          attributes: { name: `Standing frame ${randomUUID()}`, rentingPrice: 400 },
        },
      }),
    ).body.data.id as string;
    const goodName = `Good ${randomUUID()}`;
    const good = ok(
      await app.admin('POST', '/rental-item-conditions', {
        data: { type: 'rental-item-conditions', attributes: { value: 80, name: goodName } },
      }),
    ).body.data;
    const item = async (stockId: string, extra: { condition?: string; off?: boolean } = {}) =>
      ok(
        await app.admin('POST', '/rental-items', {
          data: {
            type: 'rental-items',
            attributes: {
              stockId,
              unavailabilities: extra.off
                ? [{ startAt: '2099-04-10T08:00:00Z', endAt: '2099-04-20T18:00:00Z', reason: 'repair' }]
                : [],
            },
            relationships: {
              rentalModel: { data: { type: 'rental-models', id: model } },
              ...(extra.condition
                ? { condition: { data: { type: 'rental-item-conditions', id: extra.condition } } }
                : {}),
            },
          },
        }),
      ).body;
    const tag = randomUUID().slice(0, 6);
    const a = await item(`A-${tag}`, { condition: good.id });
    const b = await item(`B-${tag}`);
    await item(`C-${tag}`, { off: true });
    ok(await app.admin('GET', `/rental-items/${b.data.id}?minPosition=${b.meta.position}`));
    const first = await place('pick_up', model);
    const second = await place('pick_up', model);
    const free = async (browser: Browser, commandId: string, at: string) =>
      browser.call(
        'GET',
        `/api/v1/services/rentals/commands/${commandId}/free-items?model=${model}&minPosition=${at}`,
      );

    const before = ok(await free(desk, first.commandId, second.position)).body;
    expect(before.data).toEqual([
      {
        type: 'rental-items',
        id: a.data.id,
        attributes: { stockId: `A-${tag}`, condition: goodName, conditionValue: 80 },
      },
      {
        type: 'rental-items',
        id: b.data.id,
        attributes: { stockId: `B-${tag}`, condition: null, conditionValue: null },
      },
    ]);
    const assigned = ok(
      await act(desk, first.commandId, {
        action: 'assignItem',
        commandItemId: first.commandItemId,
        itemId: a.data.id,
      }),
    );
    // A is the first command's over these days: neither command is offered it again
    for (const commandId of [first.commandId, second.commandId]) {
      const after = ok(await free(desk, commandId, assigned.body.meta.position)).body;
      expect(after.data.map((i: { id: string }) => i.id)).toEqual([b.data.id]);
    }
    // the items are the desk's: the member is refused, another member does not see the command
    expect((await free(member, first.commandId, '0')).status).toBe(403);
    expect((await free(other, first.commandId, '0')).status).toBe(404);
    const noModel = await desk.call('GET', `/api/v1/services/rentals/commands/${first.commandId}/free-items`);
    expect(noModel.status).toBe(400);
    ok(await act(member, first.commandId, { action: 'cancel' }));
    ok(await act(member, second.commandId, { action: 'cancel' }));
  });
});
