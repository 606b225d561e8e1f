import type { RentalCart } from '@platform/contracts/rental/cart';
import type { RentalEnvironment } from '@platform/contracts/rental/environment';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { createApiClient } from '../../kit/api/client.ts';
import { ApiError } from '../../kit/api/errors.ts';
import { placeOfFailure } from './checkout-problems.ts';
import { readCheckout, writeCheckout, type CheckoutStorage } from './checkout-storage.ts';
import {
  checkoutMachine,
  checkoutStepOf,
  storedCheckoutOf,
  type CheckoutEmitted,
  type Member,
  type StoredCheckout,
} from './checkout.machine.ts';
import { checkoutActors } from './rental-api.ts';

const M1 = '11111111-1111-4111-8111-111111111111';
const M2 = '22222222-2222-4222-8222-222222222222';
const M3 = '33333333-3333-4333-8333-333333333333';
const B1 = 'b0000000-0000-4000-8000-000000000001';
const B2 = 'b0000000-0000-4000-8000-000000000002';
const B3 = 'b0000000-0000-4000-8000-000000000003';

const ENV: RentalEnvironment = {
  rentalDurationMultiple: null,
  rentalMinDuration: 3,
  rentalMaxDuration: 30,
  rentalBeforeStartDuration: 2,
  rentalMaxItems: 5,
  rentalMaxModels: 2,
  rentalMaxPendingCommands: 3,
  rentalBookingExpirationDelay: 15,
  rentalOrganizationTax: 20,
};
/** 2026-05-01, noon in Paris */
const NOW = Date.parse('2026-05-01T10:00:00.000Z');
const EXPIRES = '2026-05-01T10:15:00.000Z';
const GOOD_PERIOD = { startAt: '2026-05-04', endAt: '2026-05-08' };
const ADDRESSES = { billingAddress: '1 rue de la Paix, Paris', shippingAddress: '', phone: '0102030405' };

type Reply = { status: number; body: unknown } | 'network';
const json = (status: number, body: unknown): Reply => ({ status, body });
const free = (counts: Record<string, number>) =>
  json(200, {
    data: Object.entries(counts).map(([id, n]) => ({
      type: 'rental-availabilities',
      id,
      attributes: { free: n, items: n + 1 },
    })),
  });
const booked = (id: string, expiresAt = EXPIRES) =>
  json(201, { data: { type: 'rental-bookings', id, attributes: { expiresAt } } });
const commanded = (id: string, position = '9876') =>
  json(201, { data: { type: 'rental-commands', id }, meta: { position, version: '0' } });
const refused = (status: number, code: string, pointer: string | null, detail: string) =>
  json(status, {
    errors: [{ status: String(status), code, detail, ...(pointer ? { source: { pointer } } : {}) }],
  });

const AVAILABILITY = 'GET /api/v1/services/rentals/availability';
const BOOK = 'POST /api/v1/services/rentals/bookings';
const COMMAND = 'POST /api/v1/services/rentals/commands';

function memoryStorage(
  initial: Record<string, string> = {},
): CheckoutStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

/**
 * Starts the machine with the screens' calls over the real API client, whose fetch answers from a script per
 * method and path (the network edge is faked, not the client); a scripted answer may be a promise the test
 * settles. Records what was sent, the holds given back and what the machine told the screens.
 */
function start(
  options: {
    script?: Record<string, Array<Reply | Promise<Reply>>>;
    cart?: RentalCart;
    stored?: StoredCheckout | null;
    member?: Member;
    env?: RentalEnvironment;
  } = {},
) {
  const script = options.script ?? {};
  const sent: Array<{ call: string; query: string; body: unknown }> = [];
  const released: Array<string | null> = [];
  const told: CheckoutEmitted[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://platform.test');
    const call = `${init?.method ?? 'GET'} ${url.pathname}`;
    sent.push({ call, query: url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const reply = await script[call]?.shift();
    if (!reply) throw new Error(`no scripted answer left for ${call}`);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/vnd.api+json' },
    });
  };
  const api = createApiClient({ baseUrl: '/api/v1', fetch: fetchFn as typeof fetch, locale: () => 'en' });
  const clock = new SimulatedClock();
  clock.set(NOW);
  const ids = [B1, B2, B3];
  const actor = createActor(
    checkoutMachine.provide({
      actors: checkoutActors(api),
      actions: { releaseHold: (_, params) => void released.push(params.bookingId) },
    }),
    {
      clock,
      input: {
        env: options.env ?? ENV,
        cart: options.cart ?? { models: {}, strategy: null },
        stored: options.stored ?? null,
        member: options.member ?? 'signedIn',
        now: () => new Date(clock.now()),
        newId: () => ids.shift()!,
      },
    },
  );
  actor.on('*', (event) => told.push(event));
  actor.start();
  return { actor, sent, released, told, clock };
}

type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('pending'));
const value = (actor: Actor) => actor.getSnapshot().value;
const context = (actor: Actor) => actor.getSnapshot().context;
const problemCodes = (actor: Actor) =>
  Object.fromEntries(Object.entries(context(actor).problems).map(([field, p]) => [field, p.code]));

/** A promise the test settles, for a call whose moment matters. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

const cartOf = (models: Record<string, number>, strategy: RentalCart['strategy'] = null): RentalCart => ({
  models,
  strategy,
});

/** A checkout stored at a step, with a good period and addresses. */
const storedAt = (step: StoredCheckout['step'], extra: Partial<StoredCheckout> = {}): StoredCheckout => ({
  step,
  period: GOOD_PERIOD,
  addresses: ADDRESSES,
  bookingId: null,
  booking: null,
  commandId: null,
  ...extra,
});

/** Through cart and period to the addresses, with M1 × 2 in the cart. */
async function toAddresses(options: NonNullable<Parameters<typeof start>[0]> = {}) {
  const started = start({
    cart: cartOf({ [M1]: 2 }),
    ...options,
    script: { [AVAILABILITY]: [free({ [M1]: 3 })], ...options.script },
  });
  const { actor } = started;
  actor.send({ type: 'user.next' });
  actor.send({ type: 'user.setPeriod', ...GOOD_PERIOD });
  await settled(actor);
  actor.send({ type: 'user.next' });
  return started;
}

/** On to the summary with pick-up and the addresses typed; the booking answered as scripted. */
async function toSummary(script: NonNullable<Parameters<typeof start>[0]>['script'] = {}) {
  const started = await toAddresses({ script });
  const { actor } = started;
  actor.send({ type: 'user.setStrategy', strategy: 'pick_up' });
  actor.send({ type: 'user.editAddress', field: 'billingAddress', value: ADDRESSES.billingAddress });
  actor.send({ type: 'user.editAddress', field: 'phone', value: ADDRESSES.phone });
  actor.send({ type: 'user.next' });
  await settled(actor);
  return started;
}

describe('checkoutMachine: the cart', () => {
  it('starts at the cart when nothing was stored, with no problem and no booking', () => {
    const { actor } = start();
    expect(value(actor)).toBe('cart');
    expect(checkoutStepOf(value(actor))).toBe('cart');
    expect(context(actor)).toMatchObject({ problems: {}, bookingId: null, booking: null, commandId: null });
  });

  it('sets, changes and removes quantities (0 removes a model)', () => {
    const { actor } = start();
    actor.send({ type: 'user.setQuantity', modelId: M1, quantity: 2 });
    actor.send({ type: 'user.setQuantity', modelId: M2, quantity: 1 });
    actor.send({ type: 'user.setQuantity', modelId: M1, quantity: 3 });
    expect(context(actor).cart.models).toEqual({ [M1]: 3, [M2]: 1 });
    actor.send({ type: 'user.setQuantity', modelId: M2, quantity: 0 });
    expect(context(actor).cart.models).toEqual({ [M1]: 3 });
    actor.send({ type: 'user.removeModel', modelId: M1 });
    expect(context(actor).cart.models).toEqual({});
  });

  it('guard cartReady: an empty cart, too many items or too many models stay on the cart with the reason', () => {
    const { actor } = start();
    actor.send({ type: 'user.next' });
    expect(value(actor)).toBe('cart');
    expect(problemCodes(actor)).toEqual({ models: 'empty_cart' });

    actor.send({ type: 'user.setQuantity', modelId: M1, quantity: 6 });
    expect(context(actor).problems).toEqual({});
    actor.send({ type: 'user.next' });
    expect(value(actor)).toBe('cart');
    expect(context(actor).problems.models).toMatchObject({
      code: 'too_many_items',
      limit: 5,
      origin: 'rule',
    });

    actor.send({ type: 'user.setQuantity', modelId: M1, quantity: 1 });
    actor.send({ type: 'user.setQuantity', modelId: M2, quantity: 1 });
    actor.send({ type: 'user.setQuantity', modelId: M3, quantity: 1 });
    actor.send({ type: 'user.next' });
    expect(value(actor)).toBe('cart');
    expect(context(actor).problems.models).toMatchObject({ code: 'too_many_models', limit: 2 });

    actor.send({ type: 'user.removeModel', modelId: M3 });
    actor.send({ type: 'user.next' });
    expect(value(actor)).toEqual({ period: 'idle' });
    expect(context(actor).problems).toEqual({});
  });

  it('takes a cart changed elsewhere (a catalogue page, another tab)', () => {
    const { actor } = start();
    actor.send({ type: 'cart.changed', cart: cartOf({ [M2]: 4 }) });
    expect(context(actor).cart.models).toEqual({ [M2]: 4 });
  });
});

describe('checkoutMachine: the period', () => {
  it('guard periodValid: the contracts’ period rules decide, each reason on its field', () => {
    const { actor, sent } = start({ cart: cartOf({ [M1]: 1 }) });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.next' });
    expect(value(actor)).toEqual({ period: 'idle' });
    expect(problemCodes(actor)).toEqual({ startAt: 'invalid_date', endAt: 'invalid_date' });

    actor.send({ type: 'user.setPeriod', startAt: '2026-05-04', endAt: '2026-05-05' });
    expect(value(actor)).toEqual({ period: 'idle' });
    expect(context(actor).problems).toEqual({});
    actor.send({ type: 'user.next' });
    expect(context(actor).problems.endAt).toMatchObject({ code: 'too_short', limit: 3 });

    actor.send({ type: 'user.setPeriod', startAt: '2026-05-02', endAt: '2026-05-06' });
    actor.send({ type: 'user.next' });
    expect(problemCodes(actor)).toEqual({ startAt: 'too_soon' });

    actor.send({ type: 'user.setPeriod', startAt: '2026-05-08', endAt: '2026-05-04' });
    actor.send({ type: 'user.next' });
    expect(problemCodes(actor)).toEqual({ endAt: 'end_not_after_start' });
    expect(sent).toEqual([]);
  });

  it('a valid period reads each model’s free items (checking), then goes on when there are enough', async () => {
    const { actor, sent } = start({
      cart: cartOf({ [M1]: 2, [M2]: 1 }),
      script: { [AVAILABILITY]: [free({ [M1]: 2, [M2]: 5 })] },
    });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.setPeriod', ...GOOD_PERIOD });
    expect(value(actor)).toEqual({ period: 'checking' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await settled(actor);
    expect(value(actor)).toEqual({ period: 'ready' });
    expect(context(actor).availability).toEqual({ [M1]: { free: 2, items: 3 }, [M2]: { free: 5, items: 6 } });
    expect(sent[0]!.query).toBe(
      `?startAt=2026-05-04&endAt=2026-05-08&models=${encodeURIComponent(`${M1},${M2}`)}`,
    );
    actor.send({ type: 'user.next' });
    expect(value(actor)).toBe('addresses');
  });

  it('guard allAvailable: a model with too few free items stays, its line says how many are free', async () => {
    const { actor } = start({
      cart: cartOf({ [M1]: 2, [M2]: 1 }),
      script: { [AVAILABILITY]: [free({ [M1]: 1 })] },
    });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.setPeriod', ...GOOD_PERIOD });
    await settled(actor);
    actor.send({ type: 'user.next' });
    expect(value(actor)).toEqual({ period: 'ready' });
    expect(context(actor).problems).toEqual({
      [`models.${M1}`]: expect.objectContaining({ code: 'not_enough_free', limit: 1 }),
      [`models.${M2}`]: expect.objectContaining({ code: 'not_enough_free', limit: 0 }),
    });
  });

  it('an availability that cannot be read says so; going on reads it again', async () => {
    const { actor } = start({
      cart: cartOf({ [M1]: 1 }),
      script: { [AVAILABILITY]: ['network', free({ [M1]: 1 })] },
    });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.setPeriod', ...GOOD_PERIOD });
    await settled(actor);
    expect(value(actor)).toEqual({ period: 'idle' });
    expect(problemCodes(actor)).toEqual({ _form: 'availability_failed' });
    actor.send({ type: 'user.next' });
    expect(value(actor)).toEqual({ period: 'checking' });
    await settled(actor);
    expect(value(actor)).toEqual({ period: 'ready' });
    expect(context(actor).problems).toEqual({});
  });

  it('a cart changed while on the period reads the availability again', async () => {
    const { actor, sent } = start({
      cart: cartOf({ [M1]: 1 }),
      script: { [AVAILABILITY]: [free({ [M1]: 1 }), free({ [M1]: 1, [M2]: 2 })] },
    });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.setPeriod', ...GOOD_PERIOD });
    await settled(actor);
    actor.send({ type: 'cart.changed', cart: cartOf({ [M1]: 1, [M2]: 2 }) });
    expect(value(actor)).toEqual({ period: 'checking' });
    await settled(actor);
    expect(context(actor).availability).toHaveProperty(M2);
    expect(sent).toHaveLength(2);
  });

  it('back and goTo the cart', () => {
    const { actor } = start({ cart: cartOf({ [M1]: 1 }) });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.back' });
    expect(value(actor)).toBe('cart');
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.goTo', step: 'addresses' });
    expect(value(actor)).toEqual({ period: 'idle' });
    actor.send({ type: 'user.goTo', step: 'cart' });
    expect(value(actor)).toBe('cart');
  });
});

describe('checkoutMachine: the addresses', () => {
  it('guard signedIn: an anonymous member reaches the addresses and is sent to sign in, and again on going on', async () => {
    const { actor, told } = await toAddresses({ member: 'anonymous' });
    expect(value(actor)).toBe('addresses');
    expect(told).toEqual([{ type: 'signInRequired', step: 'addresses' }]);
    actor.send({ type: 'user.setStrategy', strategy: 'pick_up' });
    actor.send({ type: 'user.editAddress', field: 'billingAddress', value: 'Here' });
    actor.send({ type: 'user.editAddress', field: 'phone', value: '01' });
    actor.send({ type: 'user.next' });
    expect(value(actor)).toBe('addresses');
    expect(told).toHaveLength(2);

    actor.send({ type: 'session.changed', member: 'signedIn' });
    actor.send({ type: 'session.changed', member: 'anonymous' });
    expect(told).toHaveLength(3);
  });

  it('a member whose session is still being read is not sent away', async () => {
    const { actor, told } = await toAddresses({ member: 'unknown' });
    expect(value(actor)).toBe('addresses');
    actor.send({ type: 'user.next' });
    expect(value(actor)).toBe('addresses');
    expect(told).toEqual([]);
  });

  it('guard addressesComplete: strategy, billing address and phone are needed, each missing one on its field', async () => {
    const { actor } = await toAddresses();
    actor.send({ type: 'user.next' });
    expect(value(actor)).toBe('addresses');
    expect(problemCodes(actor)).toEqual({
      strategy: 'required',
      phone: 'required',
      billingAddress: 'required',
    });

    actor.send({ type: 'user.editAddress', field: 'phone', value: '0102030405' });
    expect(Object.keys(context(actor).problems)).toEqual(['strategy', 'billingAddress']);
  });

  it('a shipping strategy needs a shipping address (needsShippingAddress); pick-up does not', async () => {
    const { actor } = await toAddresses({ script: { [BOOK]: [later<Reply>().promise] } });
    actor.send({ type: 'user.setStrategy', strategy: 'ship_to_address' });
    actor.send({ type: 'user.editAddress', field: 'billingAddress', value: ADDRESSES.billingAddress });
    actor.send({ type: 'user.editAddress', field: 'phone', value: ADDRESSES.phone });
    actor.send({ type: 'user.next' });
    expect(value(actor)).toBe('addresses');
    expect(problemCodes(actor)).toEqual({ shippingAddress: 'required' });

    actor.send({ type: 'user.setStrategy', strategy: 'pick_up' });
    expect(context(actor).problems).toEqual({});
    actor.send({ type: 'user.next' });
    expect(value(actor)).toEqual({ summary: 'booking' });
  });

  it('back to the period (read again), goTo the cart or the period', async () => {
    const { actor } = await toAddresses({
      script: { [AVAILABILITY]: [free({ [M1]: 3 }), free({ [M1]: 3 })] },
    });
    actor.send({ type: 'user.back' });
    expect(value(actor)).toEqual({ period: 'checking' });
    await settled(actor);
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.goTo', step: 'cart' });
    expect(value(actor)).toBe('cart');
  });
});

describe('checkoutMachine: the summary and its hold', () => {
  it('entering the summary books the cart with an id of its own; the hold lasts until expiresAt', async () => {
    const { actor, sent, clock, released } = await toSummary({ [BOOK]: [booked(B1)] });
    expect(value(actor)).toEqual({ summary: 'held' });
    expect(context(actor).booking).toEqual({ id: B1, expiresAt: EXPIRES });
    expect(sent.find((s) => s.call === BOOK)!.body).toEqual({
      data: {
        type: 'rental-bookings',
        id: B1,
        attributes: {
          models: [{ modelId: M1, quantity: 2 }],
          startAt: '2026-05-04',
          endAt: '2026-05-08',
          strategy: 'pick_up',
          phone: ADDRESSES.phone,
          billingAddress: ADDRESSES.billingAddress,
          shippingAddress: null,
        },
      },
    });
    clock.increment(15 * 60_000 - 1);
    expect(value(actor)).toEqual({ summary: 'held' });
    clock.increment(1);
    // the hold lapsed: the items went back by themselves, no call gives them back
    expect(value(actor)).toEqual({ summary: 'expired' });
    expect(context(actor)).toMatchObject({ booking: null, bookingId: null });
    expect(released).toEqual([]);
  });

  it('after a lapsed hold, booking again asks with a new id', async () => {
    const { actor, sent, clock } = await toSummary({
      [BOOK]: [booked(B1), booked(B2, '2026-05-01T10:31:00.000Z')],
    });
    clock.increment(15 * 60_000);
    actor.send({ type: 'user.bookAgain' });
    expect(value(actor)).toEqual({ summary: 'booking' });
    await settled(actor);
    expect(value(actor)).toEqual({ summary: 'held' });
    const ids = sent.filter((s) => s.call === BOOK).map((s) => (s.body as { data: { id: string } }).data.id);
    expect(ids).toEqual([B1, B2]);
  });

  it('confirming makes the command: confirmed with its id, told to the screen, the cart emptied', async () => {
    const { actor, sent, told } = await toSummary({
      [BOOK]: [booked(B1)],
      [COMMAND]: [commanded('c-42')],
    });
    actor.send({ type: 'user.confirm' });
    expect(value(actor)).toEqual({ summary: 'commanding' });
    await settled(actor);
    expect(value(actor)).toBe('confirmed');
    expect(context(actor)).toMatchObject({
      commandId: 'c-42',
      booking: null,
      bookingId: null,
      cart: { models: {}, strategy: 'pick_up' },
    });
    // with the placing's position, at which the command's page reads
    expect(told).toContainEqual({ type: 'confirmed', commandId: 'c-42', position: '9876' });
    expect(sent.at(-1)!.body).toEqual({ data: { type: 'rental-commands', attributes: { bookingId: B1 } } });

    actor.send({ type: 'user.restart' });
    expect(value(actor)).toBe('cart');
    expect(context(actor).commandId).toBeNull();
  });

  it('guard holdLapsed: a command refused because the hold lapsed shows the expired hold', async () => {
    const { actor } = await toSummary({
      [BOOK]: [booked(B1)],
      [COMMAND]: [refused(409, 'conflict.rental_booking_expired', null, 'The booking has expired')],
    });
    actor.send({ type: 'user.confirm' });
    await settled(actor);
    expect(value(actor)).toEqual({ summary: 'expired' });
    expect(problemCodes(actor)).toEqual({ _form: 'hold_lapsed' });
  });

  it('another refusal of the command keeps the hold and says why above the summary', async () => {
    const { actor } = await toSummary({
      [BOOK]: [booked(B1)],
      [COMMAND]: [refused(422, 'validation.too_many_pending', null, 'You have 3 commands in progress')],
    });
    actor.send({ type: 'user.confirm' });
    await settled(actor);
    expect(value(actor)).toEqual({ summary: 'held' });
    expect(context(actor).problems._form).toMatchObject({
      origin: 'server',
      code: 'validation.too_many_pending',
      detail: 'You have 3 commands in progress',
    });
  });

  it('going back from the summary gives the hold back; so does going to an earlier step', async () => {
    const { actor, released } = await toSummary({ [BOOK]: [booked(B1), booked(B2)] });
    actor.send({ type: 'user.back' });
    expect(value(actor)).toBe('addresses');
    expect(released).toEqual([B1]);
    expect(context(actor).booking).toBeNull();

    actor.send({ type: 'user.next' });
    await settled(actor);
    expect(context(actor).booking?.id).toBe(B2);
    actor.send({ type: 'user.goTo', step: 'cart' });
    expect(value(actor)).toBe('cart');
    expect(released).toEqual([B1, B2]);
  });

  it('a cart changed during the hold gives it back and shows the cart', async () => {
    const { actor, released } = await toSummary({ [BOOK]: [booked(B1)] });
    actor.send({ type: 'cart.changed', cart: cartOf({ [M1]: 1 }) });
    expect(value(actor)).toBe('cart');
    expect(released).toEqual([B1]);
    expect(context(actor).cart.models).toEqual({ [M1]: 1 });
  });
});

describe('checkoutMachine: refusals of the booking go to their step and field', () => {
  it('422 on startAt: back to the period, the server’s word on the start date', async () => {
    const { actor } = await toSummary({
      [BOOK]: [refused(422, 'validation.too_soon', '/data/attributes/startAt', 'must be 2 days ahead')],
      [AVAILABILITY]: [free({ [M1]: 3 }), free({ [M1]: 3 })],
    });
    expect(checkoutStepOf(value(actor))).toBe('period');
    expect(context(actor).problems).toEqual({
      startAt: { origin: 'server', code: 'validation.too_soon', detail: 'must be 2 days ahead' },
    });
    expect(context(actor).bookingId).toBeNull();
  });

  it('422 on shippingAddress: back to the addresses', async () => {
    const { actor } = await toSummary({
      [BOOK]: [refused(422, 'validation.required', '/data/attributes/shippingAddress', 'is required')],
    });
    expect(value(actor)).toBe('addresses');
    expect(problemCodes(actor)).toEqual({ shippingAddress: 'validation.required' });
  });

  it('422 on a model: back to the cart, on that model’s line', async () => {
    const { actor } = await toSummary({
      [BOOK]: [refused(422, 'validation.unknown_model', `/data/attributes/models/${M1}`, 'no such model')],
    });
    expect(value(actor)).toBe('cart');
    expect(problemCodes(actor)).toEqual({ [`models.${M1}`]: 'validation.unknown_model' });
  });

  it('409 unavailable: back to the period, on the model’s line, naming the model and the period', async () => {
    const detail = 'Wheelchair is not available from 2026-05-04 to 2026-05-08';
    const { actor } = await toSummary({
      [BOOK]: [refused(409, 'conflict.rental_unavailable', `/data/attributes/models/${M1}`, detail)],
      [AVAILABILITY]: [free({ [M1]: 3 }), free({ [M1]: 0 })],
    });
    expect(checkoutStepOf(value(actor))).toBe('period');
    expect(context(actor).problems[`models.${M1}`]).toEqual({
      origin: 'server',
      code: 'conflict.rental_unavailable',
      detail,
    });
  });

  it('no answer or an unexpected one: the summary says it failed; retrying asks again with the same id', async () => {
    const { actor, sent } = await toSummary({ [BOOK]: ['network', booked(B1)] });
    expect(value(actor)).toEqual({ summary: 'failed' });
    expect(problemCodes(actor)).toEqual({ _form: 'failure.network' });
    actor.send({ type: 'user.retry' });
    await settled(actor);
    expect(value(actor)).toEqual({ summary: 'held' });
    const ids = sent.filter((s) => s.call === BOOK).map((s) => (s.body as { data: { id: string } }).data.id);
    expect(ids).toEqual([B1, B1]);
  });
});

describe('checkoutMachine: stored and resumed', () => {
  const restart = (storage: CheckoutStorage, options: Parameters<typeof start>[0] = {}) =>
    start({ ...readCheckout(storage), ...options });

  it('stores the cart under rental-cart and where it stood under rental-booking, and resumes there', async () => {
    const storage = memoryStorage();
    const { actor } = await toAddresses();
    actor.send({ type: 'user.editAddress', field: 'phone', value: '0607' });
    const snapshot = actor.getSnapshot();
    expect(
      writeCheckout(storage, snapshot.context.cart, storedCheckoutOf(snapshot.context, 'addresses')),
    ).toBe(true);
    expect(JSON.parse(storage.data['rental-cart']!)).toEqual({ models: { [M1]: 2 }, strategy: null });
    expect(JSON.parse(storage.data['rental-booking']!)).toMatchObject({
      step: 'addresses',
      period: GOOD_PERIOD,
    });
    expect(
      writeCheckout(storage, snapshot.context.cart, storedCheckoutOf(snapshot.context, 'addresses')),
    ).toBe(false);

    const again = restart(storage);
    expect(value(again.actor)).toBe('addresses');
    expect(context(again.actor).addresses.phone).toBe('0607');
  });

  it('resumes at the period (reading the availability again)', async () => {
    const { actor } = restart(
      memoryStorage({
        'rental-cart': JSON.stringify(cartOf({ [M1]: 1 })),
        'rental-booking': JSON.stringify(storedAt('period')),
      }),
      { script: { [AVAILABILITY]: [free({ [M1]: 1 })] } },
    );
    expect(value(actor)).toEqual({ period: 'checking' });
    await settled(actor);
    expect(value(actor)).toEqual({ period: 'ready' });
  });

  it('resumes a hold, whose timer runs on to the stored expiresAt', async () => {
    const stored = storedAt('summary', {
      bookingId: B1,
      booking: { id: B1, expiresAt: '2026-05-01T10:05:00.000Z' },
    });
    const { actor, clock } = start({ cart: cartOf({ [M1]: 1 }, 'pick_up'), stored });
    expect(value(actor)).toEqual({ summary: 'held' });
    clock.increment(5 * 60_000);
    expect(value(actor)).toEqual({ summary: 'expired' });
  });

  it('guard storedHoldLapsed: a hold that lapsed while away shows as expired', () => {
    const stored = storedAt('summary', {
      bookingId: B1,
      booking: { id: B1, expiresAt: '2026-05-01T09:59:00.000Z' },
    });
    const { actor } = start({ cart: cartOf({ [M1]: 1 }, 'pick_up'), stored });
    expect(value(actor)).toEqual({ summary: 'expired' });
  });

  it('stored while the booking was asked for: asks again with the same id, so it holds once', async () => {
    const stored = storedAt('summary', { bookingId: B3 });
    const { actor, sent } = start({
      cart: cartOf({ [M1]: 1 }, 'pick_up'),
      stored,
      script: { [BOOK]: [booked(B3)] },
    });
    expect(value(actor)).toEqual({ summary: 'booking' });
    await settled(actor);
    expect((sent[0]!.body as { data: { id: string } }).data.id).toBe(B3);
  });

  it('resumes confirmed with its command', () => {
    const { actor } = start({ stored: storedAt('confirmed', { commandId: 'c-1' }) });
    expect(value(actor)).toBe('confirmed');
    actor.send({ type: 'cart.changed', cart: cartOf({ [M2]: 1 }) });
    expect(value(actor)).toBe('cart');
    expect(context(actor).commandId).toBeNull();
  });

  it('guard storedAt: a step whose earlier steps no longer hold resumes at the last one that does, the hold given back', () => {
    const emptied = start({ stored: storedAt('addresses', { bookingId: B1 }) });
    expect(value(emptied.actor)).toBe('cart');
    expect(emptied.released).toEqual([B1]);

    const lapsedPeriod = start({
      cart: cartOf({ [M1]: 1 }),
      stored: storedAt('summary', { period: { startAt: '2026-04-01', endAt: '2026-04-05' } }),
    });
    expect(value(lapsedPeriod.actor)).toEqual({ period: 'idle' });
  });

  it('what is stored is read back safely: hand-edited or foreign data is no checkout', () => {
    const read = readCheckout(
      memoryStorage({ 'rental-cart': '{"models":{"x":1}}', 'rental-booking': '{"step":"elsewhere"}' }),
    );
    expect(read).toEqual({ cart: { models: {}, strategy: null }, stored: null });
    expect(readCheckout(memoryStorage({ 'rental-booking': 'not json' })).stored).toBeNull();
  });
});

describe('checkoutMachine: the environment', () => {
  it('takes the environment’s rental values when they change', () => {
    const { actor } = start({ cart: cartOf({ [M1]: 5 }) });
    actor.send({ type: 'env.changed', env: { ...ENV, rentalMaxItems: 4 } });
    actor.send({ type: 'user.next' });
    expect(problemCodes(actor)).toEqual({ models: 'too_many_items' });
  });
});

describe('placeOfFailure', () => {
  it('reads a pointer to a model by its index in the booking', () => {
    const error = new ApiError('validation', 'x', {
      status: 422,
      errors: [
        {
          code: 'validation.too_big',
          detail: 'too many',
          source: { pointer: '/data/attributes/models/1/quantity' },
        },
      ],
    });
    expect(placeOfFailure(error, [M1, M2])).toEqual({
      step: 'cart',
      problems: { [`models.${M2}`]: { origin: 'server', code: 'validation.too_big', detail: 'too many' } },
    });
  });

  it('the earliest step wins when errors name several', () => {
    const error = new ApiError('validation', 'x', {
      status: 422,
      errors: [
        { code: 'validation.required', detail: 'a', source: { pointer: '/data/attributes/phone' } },
        { code: 'validation.invalid', detail: 'b', source: { pointer: '/data/attributes/endAt' } },
      ],
    });
    expect(placeOfFailure(error, [])).toMatchObject({ step: 'period', problems: { endAt: { detail: 'b' } } });
  });
});
